import { Migration } from '@mikro-orm/migrations';

// Reports (spec admin 2.14): the lines of issued credit notes summed per credit note,
// studio, class name and VAT rate (filled by a trigger from the stored document, backfilled here),
// and an index for every query a report runs.
// Large tables: studio_class (three indexes built, writes to it wait meanwhile), credit_note (read once for the backfill).
export class Migration20261124132800_reports extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "credit_note_report_line" (
      "id" serial primary key,
      "credit_note_id" int not null,
      "studio_group_id" int not null,
      "trainer_id" int not null,
      "service_month" date not null,
      "studio_name" varchar(255) null,
      "class_name" varchar(255) not null,
      "vat_rate_basis_points" int not null,
      "line_count" int not null,
      "net_cents" bigint not null,
      "vat_cents" bigint not null,
      "gross_cents" bigint not null);`);
    // Named as MikroORM names them, so the entity and the schema stay in step (db/seed.test.ts).
    this.addSql(`alter table "credit_note_report_line" add constraint "credit_note_report_line_credit_note_id_foreign" foreign key ("credit_note_id") references "credit_note" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "credit_note_report_line" add constraint "credit_note_report_line_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "credit_note_report_line" add constraint "credit_note_report_line_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);
    this.addSql(`create index "credit_note_report_line_studio_group_id_service_month_index" on "credit_note_report_line" ("studio_group_id", "service_month");`);
    this.addSql(`create index "credit_note_report_line_credit_note_id_index" on "credit_note_report_line" ("credit_note_id");`);

    // The document's lines, or (a record written without one) its totals as one line; the month is
    // the settlement's. Statement-level: one insert of a chunk of credit notes, one insert here.
    this.addSql(`create or replace function credit_note_report_lines_insert() returns trigger language plpgsql as $$
begin
  insert into credit_note_report_line (credit_note_id, studio_group_id, trainer_id, service_month, studio_name, class_name, vat_rate_basis_points, line_count, net_cents, vat_cents, gross_cents)
  select c.id, c.studio_group_id, c.trainer_id, s.month, l."studioName", coalesce(l."className", ''), coalesce(l."vatRateBasisPoints", 0), count(*)::int,
         sum(l."netCents"), sum(l."vatCents"), sum(l."grossCents")
    from new_credit_notes c
    join settlement_trainer st on st.id = c.settlement_trainer_id
    join settlement s on s.id = st.settlement_id
    cross join lateral jsonb_to_recordset(case when jsonb_typeof(c.document -> 'lines') = 'array' then c.document -> 'lines' else '[]'::jsonb end)
         as l("studioName" text, "className" text, "vatRateBasisPoints" int, "netCents" bigint, "vatCents" bigint, "grossCents" bigint)
   group by c.id, c.studio_group_id, c.trainer_id, s.month, l."studioName", l."className", l."vatRateBasisPoints";
  insert into credit_note_report_line (credit_note_id, studio_group_id, trainer_id, service_month, studio_name, class_name, vat_rate_basis_points, line_count, net_cents, vat_cents, gross_cents)
  select c.id, c.studio_group_id, c.trainer_id, s.month, null, '', case when c.net_cents = 0 then 0 else round(c.vat_cents * 10000.0 / c.net_cents)::int end, 1, c.net_cents, c.vat_cents, c.gross_cents
    from new_credit_notes c
    join settlement_trainer st on st.id = c.settlement_trainer_id
    join settlement s on s.id = st.settlement_id
   where jsonb_typeof(c.document -> 'lines') is distinct from 'array';
  return null;
end $$;`);
    this.addSql(`create trigger credit_note_report_lines after insert on credit_note referencing new table as new_credit_notes for each statement execute function credit_note_report_lines_insert();`);
    // Backfill: the credit notes issued before this migration, as the trigger would have written them.
    this.addSql(`insert into credit_note_report_line (credit_note_id, studio_group_id, trainer_id, service_month, studio_name, class_name, vat_rate_basis_points, line_count, net_cents, vat_cents, gross_cents)
  select c.id, c.studio_group_id, c.trainer_id, s.month, l."studioName", coalesce(l."className", ''), coalesce(l."vatRateBasisPoints", 0), count(*)::int,
         sum(l."netCents"), sum(l."vatCents"), sum(l."grossCents")
    from credit_note c
    join settlement_trainer st on st.id = c.settlement_trainer_id
    join settlement s on s.id = st.settlement_id
    cross join lateral jsonb_to_recordset(case when jsonb_typeof(c.document -> 'lines') = 'array' then c.document -> 'lines' else '[]'::jsonb end)
         as l("studioName" text, "className" text, "vatRateBasisPoints" int, "netCents" bigint, "vatCents" bigint, "grossCents" bigint)
   group by c.id, c.studio_group_id, c.trainer_id, s.month, l."studioName", l."className", l."vatRateBasisPoints";`);
    this.addSql(`insert into credit_note_report_line (credit_note_id, studio_group_id, trainer_id, service_month, studio_name, class_name, vat_rate_basis_points, line_count, net_cents, vat_cents, gross_cents)
  select c.id, c.studio_group_id, c.trainer_id, s.month, null, '', case when c.net_cents = 0 then 0 else round(c.vat_cents * 10000.0 / c.net_cents)::int end, 1, c.net_cents, c.vat_cents, c.gross_cents
    from credit_note c
    join settlement_trainer st on st.id = c.settlement_trainer_id
    join settlement s on s.id = st.settlement_id
   where jsonb_typeof(c.document -> 'lines') is distinct from 'array';`);

    // The class reports: classes without a trainer and with several trainers are few; partial indexes find them.
    this.addSql(`create index "studio_class_without_trainer_index" on "studio_class" ("studio_group_id", "starts_at") where "trainer_id" is null;`);
    this.addSql(`create index "studio_class_several_trainers_index" on "studio_class" ("studio_group_id", "starts_at") where "other_trainers" <> '[]'::jsonb;`);
    // The payment-type-rule check reads every class of a range: covering, so it never visits the table.
    this.addSql(`create index "studio_class_rule_check_index" on "studio_class" ("studio_group_id", "starts_at") include ("trainer_id", "studio_id", "name", "category", "duration_minutes", "booked_slots", "other_trainers");`);
    // The prepared (not yet billed) months of the balance reports, and the log across settlements.
    this.addSql(`create index "credit_note_settlement_trainer_document_type_index" on "credit_note" ("settlement_trainer_id", "document_type");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists credit_note_report_lines on credit_note;`);
    this.addSql(`drop function if exists credit_note_report_lines_insert();`);
    this.addSql(`drop table if exists "credit_note_report_line" cascade;`);
    this.addSql(`drop index if exists "studio_class_without_trainer_index";`);
    this.addSql(`drop index if exists "studio_class_several_trainers_index";`);
    this.addSql(`drop index if exists "studio_class_rule_check_index";`);
    this.addSql(`drop index if exists "credit_note_settlement_trainer_document_type_index";`);
  }

}
