import { Migration } from '@mikro-orm/migrations';

export class Migration20261128032831_studioGroupOnboarding extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "studio_group" add column "languages" jsonb not null default '["de","en"]', add column "live_at" timestamptz null, add column "suspended_at" timestamptz null, add column "suspension_reason" text null;`);
    // Every group there before onboarding existed has been in use: it is live since it was created.
    this.addSql(`update "studio_group" set "live_at" = "created_at";`);

    this.addSql(`alter table "contact_request" add column "converted_studio_group_id" int null;`);
    this.addSql(`alter table "contact_request" add constraint "contact_request_converted_studio_group_id_foreign" foreign key ("converted_studio_group_id") references "studio_group" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "contact_request" drop constraint "contact_request_converted_studio_group_id_foreign";`);

    this.addSql(`alter table "studio_group" drop column "languages", drop column "live_at", drop column "suspended_at", drop column "suspension_reason";`);

    this.addSql(`alter table "contact_request" drop column "converted_studio_group_id";`);
  }

}
