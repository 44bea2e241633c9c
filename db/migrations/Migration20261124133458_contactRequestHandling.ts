import { Migration } from '@mikro-orm/migrations';

// The public contact form's requests (spec admin 3 "Contact request") get a public id for the
// operators' screen and when and by whom a request was handled.
export class Migration20261124133458_contactRequestHandling extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "contact_request" add column "uuid" uuid not null default gen_random_uuid(), add column "handled_at" timestamptz null, add column "handled_by_id" int null;`);
    // The default only fills the rows already there; new rows get their uuid from the entity.
    this.addSql(`alter table "contact_request" alter column "uuid" drop default;`);
    this.addSql(`alter table "contact_request" add constraint "contact_request_uuid_unique" unique ("uuid");`);
    this.addSql(`alter table "contact_request" add constraint "contact_request_handled_by_id_foreign" foreign key ("handled_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "contact_request_handled_at_created_at_index" on "contact_request" ("handled_at", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contact_request_handled_at_created_at_index";`);
    this.addSql(`alter table "contact_request" drop constraint if exists "contact_request_handled_by_id_foreign";`);
    this.addSql(`alter table "contact_request" drop constraint if exists "contact_request_uuid_unique";`);
    this.addSql(`alter table "contact_request" drop column if exists "uuid", drop column if exists "handled_at", drop column if exists "handled_by_id";`);
  }

}
