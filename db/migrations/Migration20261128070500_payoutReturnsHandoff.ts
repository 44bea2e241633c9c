import { Migration } from '@mikro-orm/migrations';

// Returns in the accountant's hand-off (decision 0150): what came back of a returned payout, the
// run whose accounting e-mail handed its return (and, apart, its repayment) to the accountant, the
// returns CSV as a run file, and the bank's own words on an entry that matched no payout (its
// booking date and reason code had columns already, left empty until now). No backfill: a return
// read before this has no returned amount (the bank's entry is not kept) and is handed off with the
// next accounting e-mail like every return not handed off yet.
export class Migration20261128070500_payoutReturnsHandoff extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "payout" add column "returned_cents" int null, add column "return_handoff_run_id" int null, add column "repayment_handoff_run_id" int null;`);
    this.addSql(`alter table "payout" add constraint "payout_return_handoff_run_id_foreign" foreign key ("return_handoff_run_id") references "settlement_run" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "payout" add constraint "payout_repayment_handoff_run_id_foreign" foreign key ("repayment_handoff_run_id") references "settlement_run" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bank_file_unmatched_entry" add column "reason_text" text null;`);
    this.addSql(`alter table "accounting_file" drop constraint if exists "accounting_file_type_check";`);
    this.addSql(`alter table "accounting_file" add constraint "accounting_file_type_check" check ("type" in ('SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'DATEV_CREDITORS', 'PAYOUT_RETURNS'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "accounting_file" where "type" = 'PAYOUT_RETURNS';`);
    this.addSql(`alter table "accounting_file" drop constraint if exists "accounting_file_type_check";`);
    this.addSql(`alter table "accounting_file" add constraint "accounting_file_type_check" check ("type" in ('SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'DATEV_CREDITORS'));`);
    this.addSql(`alter table "bank_file_unmatched_entry" drop column "reason_text";`);
    this.addSql(`alter table "payout" drop constraint "payout_return_handoff_run_id_foreign";`);
    this.addSql(`alter table "payout" drop constraint "payout_repayment_handoff_run_id_foreign";`);
    this.addSql(`alter table "payout" drop column "returned_cents", drop column "return_handoff_run_id", drop column "repayment_handoff_run_id";`);
  }

}
