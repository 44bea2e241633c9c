import { Migration } from '@mikro-orm/migrations';

// Large tables: credit_note (a foreign key checked over every row, an index built; nullable columns added without a rewrite).
export class Migration20261122003104_creditNoteObjectionAndAppSecret extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app_secret" ("id" serial primary key, "name" varchar(255) not null, "value" varchar(255) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "app_secret" add constraint "app_secret_name_unique" unique ("name");`);

    this.addSql(`alter table "credit_note" add column "objected_at" timestamptz null, add column "objection_reason" text null, add column "objected_by_id" int null;`);
    this.addSql(`alter table "credit_note" add constraint "credit_note_objected_by_id_foreign" foreign key ("objected_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "credit_note_studio_group_id_issue_date_index" on "credit_note" ("studio_group_id", "issue_date");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "app_secret" cascade;`);

    this.addSql(`alter table "credit_note" drop constraint "credit_note_objected_by_id_foreign";`);

    this.addSql(`drop index "credit_note_studio_group_id_issue_date_index";`);
    this.addSql(`alter table "credit_note" drop column "objected_at", drop column "objection_reason", drop column "objected_by_id";`);
  }

}
