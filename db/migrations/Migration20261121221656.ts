import { Migration } from '@mikro-orm/migrations';

export class Migration20261121221656 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "contact_request" ("id" serial primary key, "company" varchar(255) not null, "firstname" varchar(255) not null, "lastname" varchar(255) not null, "email" varchar(255) not null, "phone" varchar(255) null, "message" text null, "terms" boolean not null, "language" varchar(255) not null, "created_at" timestamptz not null);`);

    this.addSql(`create table "mandant" ("id" serial primary key, "uuid" uuid not null, "name" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "mandant" add constraint "mandant_uuid_unique" unique ("uuid");`);

    this.addSql(`create table "outgoing_email" ("id" serial primary key, "uuid" uuid not null, "idempotency_key" varchar(255) not null, "to_address" varchar(255) not null, "subject" varchar(255) not null, "text_body" text not null, "html_body" text null, "attachments" jsonb not null default '[]', "status" text check ("status" in ('queued', 'sent', 'failed')) not null default 'queued', "sent_at" timestamptz null, "error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "outgoing_email" add constraint "outgoing_email_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "outgoing_email" add constraint "outgoing_email_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "outgoing_email_status_created_at_index" on "outgoing_email" ("status", "created_at");`);

    this.addSql(`create table "studio_group" ("id" serial primary key, "uuid" uuid not null, "mandant_id" int not null, "name" varchar(255) not null, "company_name" varchar(255) not null, "api_slug" varchar(255) not null, "source_system" text check ("source_system" in ('demo', 'csv')) not null, "street" varchar(255) not null, "house_number" varchar(255) not null, "postal_code" varchar(255) not null, "city" varchar(255) not null, "country" varchar(2) not null default 'DE', "tax_number" varchar(255) null, "vat_id" varchar(255) null, "iban" varchar(255) null, "bic" varchar(255) null, "accounting_email" varchar(255) null, "accounting_files" jsonb not null default '[]', "vat_rate_basis_points" int not null default 1900, "credit_note_prefix" varchar(255) not null default 'GS', "logo_path" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "studio_group" add constraint "studio_group_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "studio_group" add constraint "studio_group_api_slug_unique" unique ("api_slug");`);

    this.addSql(`create table "studio" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "source_id" varchar(255) not null, "name" varchar(255) not null, "city" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "studio" add constraint "studio_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "studio" add constraint "studio_studio_group_id_source_id_unique" unique ("studio_group_id", "source_id");`);

    this.addSql(`create table "import_log" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "studio_id" int null, "import_uuid" uuid not null, "proc" varchar(255) not null, "status" text check ("status" in ('success', 'error', 'info')) not null, "classes_import_count" int not null default 0, "message" text not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "import_log" add constraint "import_log_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "import_log_studio_group_id_created_at_index" on "import_log" ("studio_group_id", "created_at");`);
    this.addSql(`create index "import_log_import_uuid_index" on "import_log" ("import_uuid");`);

    this.addSql(`create table "document_category" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "name" varchar(255) not null, "description" text null, "is_mandatory" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "document_category" add constraint "document_category_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "document_category_studio_group_id_index" on "document_category" ("studio_group_id");`);

    this.addSql(`create table "credit_note_counter" ("id" serial primary key, "studio_group_id" int not null, "year" int not null, "last_number" int not null default 0, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "credit_note_counter" add constraint "credit_note_counter_studio_group_id_year_unique" unique ("studio_group_id", "year");`);

    this.addSql(`create table "trainer" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "source_id" varchar(255) not null, "firstname" varchar(255) null, "lastname" varchar(255) null, "email" varchar(255) null, "company_name" varchar(255) null, "street" varchar(255) null, "house_number" varchar(255) null, "postal_code" varchar(255) null, "city" varchar(255) null, "country" varchar(255) null, "iban" varchar(255) null, "bic" varchar(255) null, "tax_number" varchar(255) null, "tax_number_mandatory" boolean not null default false, "vat_id" varchar(255) null, "vat_liable" boolean not null default true, "is_employee" boolean not null default false, "keywords" jsonb not null default '[]', "workflow_state" text check ("workflow_state" in ('new', 'approved', 'changed', 'rejected', 'pending')) not null default 'new', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "trainer" add constraint "trainer_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "trainer_email_index" on "trainer" ("email");`);
    this.addSql(`alter table "trainer" add constraint "trainer_studio_group_id_source_id_unique" unique ("studio_group_id", "source_id");`);

    this.addSql(`create table "studio_class" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "studio_id" int not null, "source_id" varchar(255) not null, "starts_at" timestamptz not null, "name" varchar(255) not null, "category" varchar(255) null, "room" varchar(255) null, "slots" int not null default 0, "booked_slots" int not null default 0, "attendees" int not null default 0, "duration_minutes" int not null, "trainer_id" int null, "other_trainers" jsonb not null default '[]', "imported_at" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "studio_class" add constraint "studio_class_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "studio_class_studio_group_id_starts_at_index" on "studio_class" ("studio_group_id", "starts_at");`);
    this.addSql(`create index "studio_class_trainer_id_starts_at_index" on "studio_class" ("trainer_id", "starts_at");`);
    this.addSql(`alter table "studio_class" add constraint "studio_class_studio_id_source_id_unique" unique ("studio_id", "source_id");`);

    this.addSql(`create table "payment_type_rule" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "name" varchar(255) not null, "trainer_id" int null, "studio_id" int null, "category" varchar(255) null, "class_name_filter" varchar(255) null, "valid_from" date not null, "valid_to" date null, "kind" text check ("kind" in ('flat', 'hourly')) not null, "flat_cents" int null, "hourly_cents" int null, "booked_slot_mode" text check ("booked_slot_mode" in ('none', 'per_slot', 'tiers', 'fixed_bonus')) not null default 'none', "booked_slot_threshold" int null, "per_slot_cents" int null, "tiers" jsonb null, "fixed_bonus_cents" int null, "min_cents" int null, "max_cents" int null, "replaces_rule_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "payment_type_rule" add constraint "payment_type_rule_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "payment_type_rule_studio_group_id_valid_from_index" on "payment_type_rule" ("studio_group_id", "valid_from");`);

    this.addSql(`create table "invitation" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "trainer_id" int not null, "email" varchar(255) not null, "status" text check ("status" in ('pending', 'accepted', 'declined')) not null default 'pending', "created_at" timestamptz not null, "updated_at" timestamptz not null, "responded_at" timestamptz null);`);
    this.addSql(`alter table "invitation" add constraint "invitation_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "invitation_email_status_index" on "invitation" ("email", "status");`);
    this.addSql(`create index "invitation_trainer_id_index" on "invitation" ("trainer_id");`);

    this.addSql(`create table "app_user" ("id" serial primary key, "uuid" uuid not null, "email" varchar(255) not null, "password_hash" varchar(255) not null, "role" text check ("role" in ('trainer', 'staff', 'operator')) not null, "locale" text check ("locale" in ('de', 'en')) not null default 'de', "firstname" varchar(255) not null, "lastname" varchar(255) not null, "is_verified" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "app_user" add constraint "app_user_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);

    this.addSql(`create table "trainer_account" ("id" serial primary key, "uuid" uuid not null, "user_id" int not null, "firstname" varchar(255) not null, "lastname" varchar(255) not null, "email" varchar(255) not null, "phone" varchar(255) null, "company_name" varchar(255) null, "street" varchar(255) null, "house" varchar(255) null, "zip" varchar(255) null, "city" varchar(255) null, "country" varchar(255) null, "language" text check ("language" in ('de', 'en')) not null default 'de', "iban" varchar(255) null, "bic" varchar(255) null, "is_tax_relevant" boolean not null default false, "tax_number" varchar(255) null, "vat_id" varchar(255) null, "recommendation_code" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "trainer_account" add constraint "trainer_account_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "trainer_account" add constraint "trainer_account_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "trainer_account" add constraint "trainer_account_recommendation_code_unique" unique ("recommendation_code");`);

    this.addSql(`create table "notification" ("id" serial primary key, "uuid" uuid not null, "trainer_account_id" int not null, "studio_group_id" int not null, "message" text not null, "link" varchar(255) not null, "approved_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "notification" add constraint "notification_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "notification_trainer_account_id_created_at_index" on "notification" ("trainer_account_id", "created_at");`);

    this.addSql(`create table "studio_group_trainer" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "trainer_id" int not null, "trainer_account_id" int not null, "self_billing_consent_at" timestamptz null, "self_billing_consent_by_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_trainer_id_unique" unique ("trainer_id");`);
    this.addSql(`create index "studio_group_trainer_trainer_account_id_index" on "studio_group_trainer" ("trainer_account_id");`);
    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_studio_group_id_trainer_account_id_unique" unique ("studio_group_id", "trainer_account_id");`);

    this.addSql(`create table "staff_membership" ("user_id" int not null, "studio_group_id" int not null, constraint "staff_membership_pkey" primary key ("user_id", "studio_group_id"));`);

    this.addSql(`create table "settlement" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "month" date not null, "version" text check ("version" in ('v1', 'v2')) not null default 'v2', "trainer_review" boolean not null default false, "status" text check ("status" in ('in_progress', 'completed', 'archived', 'deleted')) not null default 'in_progress', "created_by_id" int not null, "completed_at" timestamptz null, "archived_at" timestamptz null, "sum_net_cents" int null, "sum_vat_cents" int null, "sum_gross_cents" int null, "rules_snapshot" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "settlement" add constraint "settlement_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "settlement_studio_group_id_month_index" on "settlement" ("studio_group_id", "month");`);

    this.addSql(`create table "settlement_trainer" ("id" serial primary key, "uuid" uuid not null, "settlement_id" int not null, "trainer_id" int not null, "workflow_state" text check ("workflow_state" in ('new', 'data_created', 'preview_send', 'credit_note_created', 'credit_note_send', 'approved')) not null default 'new', "sum_net_cents" int not null default 0, "sum_vat_cents" int not null default 0, "sum_gross_cents" int not null default 0, "trainer_snapshot" jsonb null, "prepared_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "settlement_trainer" add constraint "settlement_trainer_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "settlement_trainer_trainer_id_index" on "settlement_trainer" ("trainer_id");`);
    this.addSql(`alter table "settlement_trainer" add constraint "settlement_trainer_settlement_id_trainer_id_unique" unique ("settlement_id", "trainer_id");`);

    this.addSql(`create table "settlement_line" ("id" serial primary key, "settlement_trainer_id" int not null, "kind" text check ("kind" in ('class', 'admin')) not null, "studio_class_id" int null, "studio_id" int null, "class_hash" varchar(255) not null, "class_starts_at" timestamptz null, "class_name" varchar(255) not null, "duration_minutes" int not null default 0, "booked_slots" int not null default 0, "net_cents" int not null, "vat_rate_basis_points" int not null, "vat_cents" int not null, "gross_cents" int not null, "rule_snapshot" jsonb null, "description" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "settlement_line_settlement_trainer_id_index" on "settlement_line" ("settlement_trainer_id");`);

    this.addSql(`create table "review_row" ("id" serial primary key, "settlement_trainer_id" int not null, "row_id" varchar(255) not null, "course" text not null, "trainer_review_comment" text null, "company_approved" boolean not null default false, "company_comment" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "review_row" add constraint "review_row_settlement_trainer_id_row_id_unique" unique ("settlement_trainer_id", "row_id");`);

    this.addSql(`create table "settlement_run" ("id" serial primary key, "uuid" uuid not null, "settlement_id" int not null, "created_by_id" int not null, "status" text check ("status" in ('running', 'finished', 'failed')) not null default 'running', "finished_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "settlement_run" add constraint "settlement_run_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "settlement_run_settlement_id_created_at_index" on "settlement_run" ("settlement_id", "created_at");`);

    this.addSql(`create table "credit_note" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "settlement_run_id" int not null, "settlement_trainer_id" int not null, "trainer_id" int not null, "number" varchar(255) not null, "document_type" text check ("document_type" in ('credit_note', 'cancellation')) not null default 'credit_note', "cancels_id" int null, "issue_date" date not null, "net_cents" int not null, "vat_cents" int not null, "gross_cents" int not null, "file_name" varchar(255) not null, "file_path" varchar(255) not null, "sha256" varchar(64) null, "sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "credit_note_trainer_id_issue_date_index" on "credit_note" ("trainer_id", "issue_date");`);
    this.addSql(`create index "credit_note_settlement_trainer_id_index" on "credit_note" ("settlement_trainer_id");`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_studio_group_id_number_unique" unique ("studio_group_id", "number");`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_settlement_run_id_settlement_trainer__9edc7_unique" unique ("settlement_run_id", "settlement_trainer_id", "document_type");`);

    this.addSql(`create table "accounting_file" ("id" serial primary key, "uuid" uuid not null, "settlement_run_id" int not null, "type" text check ("type" in ('SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH')) not null, "status" text check ("status" in ('success', 'error', 'not_set')) not null default 'not_set', "file_path" varchar(255) null, "sha256" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "accounting_file" add constraint "accounting_file_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "accounting_file" add constraint "accounting_file_settlement_run_id_type_unique" unique ("settlement_run_id", "type");`);

    this.addSql(`create table "settlement_log" ("id" serial primary key, "settlement_id" int not null, "timestamp" timestamptz not null, "proc" varchar(255) not null, "trainer_uuid" uuid null, "status" varchar(255) not null, "message" text not null);`);
    this.addSql(`create index "settlement_log_settlement_id_timestamp_index" on "settlement_log" ("settlement_id", "timestamp");`);

    this.addSql(`create table "import_queue_item" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "import_type" text check ("import_type" in ('recalculate_billing', 'update_location_data_and_recalculate_billing')) not null, "parameters" jsonb not null, "status" text check ("status" in ('waiting', 'pending', 'processing', 'completed', 'error', 'cancelled')) not null default 'waiting', "created_by_id" int null, "started_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "import_queue_item" add constraint "import_queue_item_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "import_queue_item_studio_group_id_status_created_at_index" on "import_queue_item" ("studio_group_id", "status", "created_at");`);

    this.addSql(`create table "document" ("id" serial primary key, "uuid" uuid not null, "trainer_account_id" int not null, "studio_group_id" int not null, "category_id" int not null, "file_name" varchar(255) not null, "file_path" varchar(255) not null, "size_bytes" int not null, "approval_status" text check ("approval_status" in ('pending', 'approved', 'rejected')) not null default 'pending', "approved_by_id" int null, "approved_at" timestamptz null, "rejection_reason" text null, "expires_at" date null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "document" add constraint "document_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "document_studio_group_id_trainer_account_id_index" on "document" ("studio_group_id", "trainer_account_id");`);
    this.addSql(`create index "document_trainer_account_id_index" on "document" ("trainer_account_id");`);

    this.addSql(`create table "comment" ("id" serial primary key, "uuid" uuid not null, "settlement_trainer_id" int not null, "class_hash" varchar(255) not null, "class_name" varchar(255) null, "class_datetime" timestamptz null, "author_id" int not null, "author_name" varchar(255) not null, "role" text check ("role" in ('ROLE_TRAINER', 'ROLE_ADMIN')) not null, "mood" text check ("mood" in ('excited', 'loved', 'happy', 'sad', 'thumbsy')) null, "text" text not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "comment" add constraint "comment_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "comment_settlement_trainer_id_created_at_index" on "comment" ("settlement_trainer_id", "created_at");`);

    this.addSql(`create table "approval" ("id" serial primary key, "settlement_trainer_id" int not null, "kind" text check ("kind" in ('trainer', 'company', 'location')) not null, "studio_id" int null, "approved" boolean not null, "user_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "approval_settlement_trainer_id_kind_created_at_index" on "approval" ("settlement_trainer_id", "kind", "created_at");`);

    this.addSql(`create table "api_session" ("id" serial primary key, "user_id" int not null, "key_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "last_used_at" timestamptz not null);`);
    this.addSql(`alter table "api_session" add constraint "api_session_key_hash_unique" unique ("key_hash");`);
    this.addSql(`create index "api_session_user_id_index" on "api_session" ("user_id");`);

    this.addSql(`create table "admin_position" ("id" serial primary key, "uuid" uuid not null, "settlement_id" int not null, "trainer_id" int not null, "kind" text check ("kind" in ('bonus', 'deduction', 'travel')) not null, "description" varchar(255) not null, "net_cents" int not null, "created_by_id" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "admin_position" add constraint "admin_position_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "admin_position_settlement_id_trainer_id_index" on "admin_position" ("settlement_id", "trainer_id");`);

    this.addSql(`alter table "studio_group" add constraint "studio_group_mandant_id_foreign" foreign key ("mandant_id") references "mandant" ("id") on update cascade;`);

    this.addSql(`alter table "studio" add constraint "studio_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);

    this.addSql(`alter table "import_log" add constraint "import_log_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "import_log" add constraint "import_log_studio_id_foreign" foreign key ("studio_id") references "studio" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "document_category" add constraint "document_category_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);

    this.addSql(`alter table "credit_note_counter" add constraint "credit_note_counter_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);

    this.addSql(`alter table "trainer" add constraint "trainer_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);

    this.addSql(`alter table "studio_class" add constraint "studio_class_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "studio_class" add constraint "studio_class_studio_id_foreign" foreign key ("studio_id") references "studio" ("id") on update cascade;`);
    this.addSql(`alter table "studio_class" add constraint "studio_class_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "payment_type_rule" add constraint "payment_type_rule_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "payment_type_rule" add constraint "payment_type_rule_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "payment_type_rule" add constraint "payment_type_rule_studio_id_foreign" foreign key ("studio_id") references "studio" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "payment_type_rule" add constraint "payment_type_rule_replaces_rule_id_foreign" foreign key ("replaces_rule_id") references "payment_type_rule" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "invitation" add constraint "invitation_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "invitation" add constraint "invitation_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);

    this.addSql(`alter table "trainer_account" add constraint "trainer_account_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notification" add constraint "notification_trainer_account_id_foreign" foreign key ("trainer_account_id") references "trainer_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notification" add constraint "notification_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);

    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);
    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_trainer_account_id_foreign" foreign key ("trainer_account_id") references "trainer_account" ("id") on update cascade;`);
    this.addSql(`alter table "studio_group_trainer" add constraint "studio_group_trainer_self_billing_consent_by_id_foreign" foreign key ("self_billing_consent_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "staff_membership" add constraint "staff_membership_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_membership" add constraint "staff_membership_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "settlement" add constraint "settlement_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "settlement" add constraint "settlement_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade;`);

    this.addSql(`alter table "settlement_trainer" add constraint "settlement_trainer_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "settlement_trainer" add constraint "settlement_trainer_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);

    this.addSql(`alter table "settlement_line" add constraint "settlement_line_settlement_trainer_id_foreign" foreign key ("settlement_trainer_id") references "settlement_trainer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "settlement_line" add constraint "settlement_line_studio_class_id_foreign" foreign key ("studio_class_id") references "studio_class" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "settlement_line" add constraint "settlement_line_studio_id_foreign" foreign key ("studio_id") references "studio" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "review_row" add constraint "review_row_settlement_trainer_id_foreign" foreign key ("settlement_trainer_id") references "settlement_trainer" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "settlement_run" add constraint "settlement_run_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade;`);
    this.addSql(`alter table "settlement_run" add constraint "settlement_run_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade;`);

    this.addSql(`alter table "credit_note" add constraint "credit_note_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_settlement_run_id_foreign" foreign key ("settlement_run_id") references "settlement_run" ("id") on update cascade;`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_settlement_trainer_id_foreign" foreign key ("settlement_trainer_id") references "settlement_trainer" ("id") on update cascade;`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_cancels_id_foreign" foreign key ("cancels_id") references "credit_note" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "accounting_file" add constraint "accounting_file_settlement_run_id_foreign" foreign key ("settlement_run_id") references "settlement_run" ("id") on update cascade;`);

    this.addSql(`alter table "settlement_log" add constraint "settlement_log_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "import_queue_item" add constraint "import_queue_item_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "import_queue_item" add constraint "import_queue_item_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "document" add constraint "document_trainer_account_id_foreign" foreign key ("trainer_account_id") references "trainer_account" ("id") on update cascade;`);
    this.addSql(`alter table "document" add constraint "document_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "document" add constraint "document_category_id_foreign" foreign key ("category_id") references "document_category" ("id") on update cascade;`);
    this.addSql(`alter table "document" add constraint "document_approved_by_id_foreign" foreign key ("approved_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "comment" add constraint "comment_settlement_trainer_id_foreign" foreign key ("settlement_trainer_id") references "settlement_trainer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "comment" add constraint "comment_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on update cascade;`);

    this.addSql(`alter table "approval" add constraint "approval_settlement_trainer_id_foreign" foreign key ("settlement_trainer_id") references "settlement_trainer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "approval" add constraint "approval_studio_id_foreign" foreign key ("studio_id") references "studio" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "approval" add constraint "approval_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade;`);

    this.addSql(`alter table "api_session" add constraint "api_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "admin_position" add constraint "admin_position_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "admin_position" add constraint "admin_position_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade;`);
    this.addSql(`alter table "admin_position" add constraint "admin_position_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "studio_group" drop constraint "studio_group_mandant_id_foreign";`);

    this.addSql(`alter table "studio" drop constraint "studio_studio_group_id_foreign";`);

    this.addSql(`alter table "import_log" drop constraint "import_log_studio_group_id_foreign";`);

    this.addSql(`alter table "document_category" drop constraint "document_category_studio_group_id_foreign";`);

    this.addSql(`alter table "credit_note_counter" drop constraint "credit_note_counter_studio_group_id_foreign";`);

    this.addSql(`alter table "trainer" drop constraint "trainer_studio_group_id_foreign";`);

    this.addSql(`alter table "studio_class" drop constraint "studio_class_studio_group_id_foreign";`);

    this.addSql(`alter table "payment_type_rule" drop constraint "payment_type_rule_studio_group_id_foreign";`);

    this.addSql(`alter table "invitation" drop constraint "invitation_studio_group_id_foreign";`);

    this.addSql(`alter table "notification" drop constraint "notification_studio_group_id_foreign";`);

    this.addSql(`alter table "studio_group_trainer" drop constraint "studio_group_trainer_studio_group_id_foreign";`);

    this.addSql(`alter table "staff_membership" drop constraint "staff_membership_studio_group_id_foreign";`);

    this.addSql(`alter table "settlement" drop constraint "settlement_studio_group_id_foreign";`);

    this.addSql(`alter table "credit_note" drop constraint "credit_note_studio_group_id_foreign";`);

    this.addSql(`alter table "import_queue_item" drop constraint "import_queue_item_studio_group_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_studio_group_id_foreign";`);

    this.addSql(`alter table "import_log" drop constraint "import_log_studio_id_foreign";`);

    this.addSql(`alter table "studio_class" drop constraint "studio_class_studio_id_foreign";`);

    this.addSql(`alter table "payment_type_rule" drop constraint "payment_type_rule_studio_id_foreign";`);

    this.addSql(`alter table "settlement_line" drop constraint "settlement_line_studio_id_foreign";`);

    this.addSql(`alter table "approval" drop constraint "approval_studio_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_category_id_foreign";`);

    this.addSql(`alter table "studio_class" drop constraint "studio_class_trainer_id_foreign";`);

    this.addSql(`alter table "payment_type_rule" drop constraint "payment_type_rule_trainer_id_foreign";`);

    this.addSql(`alter table "invitation" drop constraint "invitation_trainer_id_foreign";`);

    this.addSql(`alter table "studio_group_trainer" drop constraint "studio_group_trainer_trainer_id_foreign";`);

    this.addSql(`alter table "settlement_trainer" drop constraint "settlement_trainer_trainer_id_foreign";`);

    this.addSql(`alter table "credit_note" drop constraint "credit_note_trainer_id_foreign";`);

    this.addSql(`alter table "admin_position" drop constraint "admin_position_trainer_id_foreign";`);

    this.addSql(`alter table "settlement_line" drop constraint "settlement_line_studio_class_id_foreign";`);

    this.addSql(`alter table "payment_type_rule" drop constraint "payment_type_rule_replaces_rule_id_foreign";`);

    this.addSql(`alter table "trainer_account" drop constraint "trainer_account_user_id_foreign";`);

    this.addSql(`alter table "studio_group_trainer" drop constraint "studio_group_trainer_self_billing_consent_by_id_foreign";`);

    this.addSql(`alter table "staff_membership" drop constraint "staff_membership_user_id_foreign";`);

    this.addSql(`alter table "settlement" drop constraint "settlement_created_by_id_foreign";`);

    this.addSql(`alter table "settlement_run" drop constraint "settlement_run_created_by_id_foreign";`);

    this.addSql(`alter table "import_queue_item" drop constraint "import_queue_item_created_by_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_approved_by_id_foreign";`);

    this.addSql(`alter table "comment" drop constraint "comment_author_id_foreign";`);

    this.addSql(`alter table "approval" drop constraint "approval_user_id_foreign";`);

    this.addSql(`alter table "api_session" drop constraint "api_session_user_id_foreign";`);

    this.addSql(`alter table "admin_position" drop constraint "admin_position_created_by_id_foreign";`);

    this.addSql(`alter table "notification" drop constraint "notification_trainer_account_id_foreign";`);

    this.addSql(`alter table "studio_group_trainer" drop constraint "studio_group_trainer_trainer_account_id_foreign";`);

    this.addSql(`alter table "document" drop constraint "document_trainer_account_id_foreign";`);

    this.addSql(`alter table "settlement_trainer" drop constraint "settlement_trainer_settlement_id_foreign";`);

    this.addSql(`alter table "settlement_run" drop constraint "settlement_run_settlement_id_foreign";`);

    this.addSql(`alter table "settlement_log" drop constraint "settlement_log_settlement_id_foreign";`);

    this.addSql(`alter table "admin_position" drop constraint "admin_position_settlement_id_foreign";`);

    this.addSql(`alter table "settlement_line" drop constraint "settlement_line_settlement_trainer_id_foreign";`);

    this.addSql(`alter table "review_row" drop constraint "review_row_settlement_trainer_id_foreign";`);

    this.addSql(`alter table "credit_note" drop constraint "credit_note_settlement_trainer_id_foreign";`);

    this.addSql(`alter table "comment" drop constraint "comment_settlement_trainer_id_foreign";`);

    this.addSql(`alter table "approval" drop constraint "approval_settlement_trainer_id_foreign";`);

    this.addSql(`alter table "credit_note" drop constraint "credit_note_settlement_run_id_foreign";`);

    this.addSql(`alter table "accounting_file" drop constraint "accounting_file_settlement_run_id_foreign";`);

    this.addSql(`alter table "credit_note" drop constraint "credit_note_cancels_id_foreign";`);

    this.addSql(`drop table if exists "contact_request" cascade;`);

    this.addSql(`drop table if exists "mandant" cascade;`);

    this.addSql(`drop table if exists "outgoing_email" cascade;`);

    this.addSql(`drop table if exists "studio_group" cascade;`);

    this.addSql(`drop table if exists "studio" cascade;`);

    this.addSql(`drop table if exists "import_log" cascade;`);

    this.addSql(`drop table if exists "document_category" cascade;`);

    this.addSql(`drop table if exists "credit_note_counter" cascade;`);

    this.addSql(`drop table if exists "trainer" cascade;`);

    this.addSql(`drop table if exists "studio_class" cascade;`);

    this.addSql(`drop table if exists "payment_type_rule" cascade;`);

    this.addSql(`drop table if exists "invitation" cascade;`);

    this.addSql(`drop table if exists "app_user" cascade;`);

    this.addSql(`drop table if exists "trainer_account" cascade;`);

    this.addSql(`drop table if exists "notification" cascade;`);

    this.addSql(`drop table if exists "studio_group_trainer" cascade;`);

    this.addSql(`drop table if exists "staff_membership" cascade;`);

    this.addSql(`drop table if exists "settlement" cascade;`);

    this.addSql(`drop table if exists "settlement_trainer" cascade;`);

    this.addSql(`drop table if exists "settlement_line" cascade;`);

    this.addSql(`drop table if exists "review_row" cascade;`);

    this.addSql(`drop table if exists "settlement_run" cascade;`);

    this.addSql(`drop table if exists "credit_note" cascade;`);

    this.addSql(`drop table if exists "accounting_file" cascade;`);

    this.addSql(`drop table if exists "settlement_log" cascade;`);

    this.addSql(`drop table if exists "import_queue_item" cascade;`);

    this.addSql(`drop table if exists "document" cascade;`);

    this.addSql(`drop table if exists "comment" cascade;`);

    this.addSql(`drop table if exists "approval" cascade;`);

    this.addSql(`drop table if exists "api_session" cascade;`);

    this.addSql(`drop table if exists "admin_position" cascade;`);
  }

}
