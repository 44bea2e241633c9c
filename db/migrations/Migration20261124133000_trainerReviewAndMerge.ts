import { Migration } from '@mikro-orm/migrations';

// Staff's review of a trainer's billing data (who reviewed, when; an IBAN the trainer
// changed in the portal waits for approval before it is paid) and the audit of trainer merges.
export class Migration20261124133000_trainerReviewAndMerge extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "trainer" add column "iban_changed_at" timestamptz null, add column "reviewed_at" timestamptz null, add column "reviewed_by_id" int null;`);
    this.addSql(`alter table "trainer" add constraint "trainer_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "trainer_studio_group_id_updated_at_index" on "trainer" ("studio_group_id", "updated_at");`);
    this.addSql(`create table "trainer_merge_log" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "kept_trainer_id" int null, "kept_trainer_uuid" uuid not null, "merged_trainer_uuid" uuid not null, "merged_trainer_source_id" varchar(255) not null, "merged_trainer_name" varchar(255) not null, "merged_by_id" int null, "moved" jsonb not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "trainer_merge_log" add constraint "trainer_merge_log_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "trainer_merge_log_studio_group_id_created_at_index" on "trainer_merge_log" ("studio_group_id", "created_at");`);
    this.addSql(`alter table "trainer_merge_log" add constraint "trainer_merge_log_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "trainer_merge_log" add constraint "trainer_merge_log_kept_trainer_id_foreign" foreign key ("kept_trainer_id") references "trainer" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "trainer_merge_log" add constraint "trainer_merge_log_merged_by_id_foreign" foreign key ("merged_by_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trainer_merge_log" cascade;`);
    this.addSql(`drop index if exists "trainer_studio_group_id_updated_at_index";`);
    this.addSql(`alter table "trainer" drop constraint if exists "trainer_reviewed_by_id_foreign";`);
    this.addSql(`alter table "trainer" drop column "iban_changed_at", drop column "reviewed_at", drop column "reviewed_by_id";`);
  }

}
