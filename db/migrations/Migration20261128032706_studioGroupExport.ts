import { Migration } from '@mikro-orm/migrations';

export class Migration20261128032706_studioGroupExport extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "studio_group_export" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "requested_by_id" int not null, "status" text check ("status" in ('running', 'done', 'failed', 'expired')) not null default 'running', "current_section" varchar(255) null, "sections_done" int not null default 0, "sections_total" int not null default 0, "files_done" int not null default 0, "file_path" varchar(255) null, "size_bytes" bigint null, "sha256" varchar(64) null, "error" text null, "finished_at" timestamptz null, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "studio_group_export" add constraint "studio_group_export_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "studio_group_export_studio_group_id_created_at_index" on "studio_group_export" ("studio_group_id", "created_at");`);

    this.addSql(`alter table "studio_group_export" add constraint "studio_group_export_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade;`);
    this.addSql(`alter table "studio_group_export" add constraint "studio_group_export_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "studio_group_export" cascade;`);
  }

}
