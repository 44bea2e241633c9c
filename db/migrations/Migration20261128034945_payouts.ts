import { Migration } from '@mikro-orm/migrations';

// Payouts and the bank's files (decision 0115). No backfill: credit notes issued before this get no
// payout row, because what became of their SEPA payments is long booked and unknown here (a payment
// may even have been left out of its file); an entry of a bank file about one is listed unmatched.

export class Migration20261128034945_payouts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "bank_file" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "kind" text check ("kind" in ('camt.053', 'camt.054', 'pain.002')) not null, "version" varchar(255) not null, "message_id" varchar(255) not null, "account" varchar(255) not null, "sequence" varchar(255) null, "identity_key" varchar(64) not null, "sha256" varchar(64) not null, "file_name" varchar(255) not null, "file_path" varchar(255) not null, "size_bytes" int not null, "uploaded_by_id" int null, "locale" varchar(2) not null default 'de', "state" text check ("state" in ('stored', 'reading', 'done', 'failed')) not null default 'stored', "processed" int not null default 0, "total" int null, "paid_count" int not null default 0, "rejected_count" int not null default 0, "returned_count" int not null default 0, "unchanged_count" int not null default 0, "unmatched_count" int not null default 0, "error_key" varchar(255) null, "error_detail" text null, "finished_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "bank_file" add constraint "bank_file_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "bank_file_studio_group_id_created_at_index" on "bank_file" ("studio_group_id", "created_at");`);
    this.addSql(`alter table "bank_file" add constraint "bank_file_studio_group_id_identity_key_unique" unique ("studio_group_id", "identity_key");`);

    this.addSql(`create table "payout" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "credit_note_id" int not null, "settlement_run_id" int null, "trainer_id" int not null, "end_to_end_id" varchar(255) not null, "amount_cents" int not null, "creditor_iban" varchar(255) not null, "creditor_name" varchar(255) not null, "sepa_message_id" varchar(255) not null, "sepa_payment_info_id" varchar(255) not null, "sepa_file_path" varchar(255) null, "status" text check ("status" in ('open', 'paid', 'rejected', 'returned')) not null default 'open', "booking_date" date null, "bank_reference" varchar(255) null, "reason_code" varchar(255) null, "reason_text" text null, "fee_cents" int null, "bank_file_id" int null, "repays_id" int null, "failure_notified_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "payout" add constraint "payout_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "payout" add constraint "payout_repays_id_unique" unique ("repays_id");`);
    this.addSql(`create index "payout_credit_note_id_index" on "payout" ("credit_note_id");`);
    this.addSql(`create index "payout_studio_group_id_status_index" on "payout" ("studio_group_id", "status");`);
    this.addSql(`create index "payout_trainer_id_index" on "payout" ("trainer_id");`);
    this.addSql(`create index "payout_settlement_run_id_index" on "payout" ("settlement_run_id");`);
    this.addSql(`alter table "payout" add constraint "payout_studio_group_id_end_to_end_id_unique" unique ("studio_group_id", "end_to_end_id");`);

    this.addSql(`create table "bank_file_unmatched_entry" ("id" serial primary key, "bank_file_id" int not null, "entry_index" int not null, "end_to_end_id" varchar(255) null, "amount_cents" int null, "booking_date" date null, "bank_reference" varchar(255) null, "reason_code" varchar(255) null, "why_key" varchar(255) not null, "why_params" jsonb null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "bank_file_unmatched_entry" add constraint "bank_file_unmatched_entry_bank_file_id_entry_index_unique" unique ("bank_file_id", "entry_index");`);

    this.addSql(`alter table "bank_file" add constraint "bank_file_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "bank_file" add constraint "bank_file_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "payout" add constraint "payout_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "payout" add constraint "payout_credit_note_id_foreign" foreign key ("credit_note_id") references "credit_note" ("id") on update cascade;`);
    this.addSql(`alter table "payout" add constraint "payout_settlement_run_id_foreign" foreign key ("settlement_run_id") references "settlement_run" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "payout" add constraint "payout_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);
    this.addSql(`alter table "payout" add constraint "payout_bank_file_id_foreign" foreign key ("bank_file_id") references "bank_file" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "payout" add constraint "payout_repays_id_foreign" foreign key ("repays_id") references "payout" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "bank_file_unmatched_entry" add constraint "bank_file_unmatched_entry_bank_file_id_foreign" foreign key ("bank_file_id") references "bank_file" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payout" drop constraint "payout_bank_file_id_foreign";`);

    this.addSql(`alter table "bank_file_unmatched_entry" drop constraint "bank_file_unmatched_entry_bank_file_id_foreign";`);

    this.addSql(`alter table "payout" drop constraint "payout_repays_id_foreign";`);

    this.addSql(`drop table if exists "bank_file" cascade;`);

    this.addSql(`drop table if exists "payout" cascade;`);

    this.addSql(`drop table if exists "bank_file_unmatched_entry" cascade;`);
  }

}
