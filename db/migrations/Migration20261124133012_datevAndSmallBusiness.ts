import { Migration } from '@mikro-orm/migrations';

// The studio group's DATEV settings, the DATEV files of a run (the booking batch as the
// fourth accounting file type, the creditor master data beside it), and the small-business (§19
// UStG) notices a trainer account has been sent (once per threshold and year).
export class Migration20261124133012_datevAndSmallBusiness extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "studio_group" add column "datev_chart" text check ("datev_chart" in ('SKR03', 'SKR04')) null, add column "datev_consultant_number" int null, add column "datev_client_number" int null, add column "datev_fiscal_year_start_month" int not null default 1, add column "datev_expense_account" int null, add column "datev_creditor_range_start" int null, add column "datev_creditor_range_end" int null;`);
    this.addSql(`alter table "accounting_file" drop constraint if exists "accounting_file_type_check";`);
    this.addSql(`alter table "accounting_file" add constraint "accounting_file_type_check" check ("type" in ('SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF', 'DATEV_CREDITORS'));`);
    this.addSql(`create table "small_business_notice" ("id" serial primary key, "trainer_account_id" int not null, "year" int not null, "threshold" text check ("threshold" in ('previous_year_near', 'previous_year_passed', 'current_year_near', 'current_year_passed')) not null, "turnover_cents" int not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "small_business_notice" add constraint "small_business_notice_trainer_account_id_year_threshold_unique" unique ("trainer_account_id", "year", "threshold");`);
    this.addSql(`alter table "small_business_notice" add constraint "small_business_notice_trainer_account_id_foreign" foreign key ("trainer_account_id") references "trainer_account" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "small_business_notice" cascade;`);
    this.addSql(`delete from "accounting_file" where "type" in ('DATEV_EXTF', 'DATEV_CREDITORS');`);
    this.addSql(`alter table "accounting_file" drop constraint if exists "accounting_file_type_check";`);
    this.addSql(`alter table "accounting_file" add constraint "accounting_file_type_check" check ("type" in ('SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH'));`);
    this.addSql(`alter table "studio_group" drop column "datev_chart", drop column "datev_consultant_number", drop column "datev_client_number", drop column "datev_fiscal_year_start_month", drop column "datev_expense_account", drop column "datev_creditor_range_start", drop column "datev_creditor_range_end";`);
  }

}
