import { Migration } from '@mikro-orm/migrations';

export class Migration20261128032534_auditLog extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_log" ("id" serial primary key, "uuid" uuid not null, "actor_id" int null, "actor_email" varchar(255) not null, "studio_group_id" int null, "action" varchar(255) not null, "details" jsonb not null, "at" timestamptz not null);`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "audit_log_studio_group_id_at_index" on "audit_log" ("studio_group_id", "at");`);
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at");`);

    this.addSql(`alter table "audit_log" add constraint "audit_log_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }

}
