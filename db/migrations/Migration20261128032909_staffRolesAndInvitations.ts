import { Migration } from '@mikro-orm/migrations';

export class Migration20261128032909_staffRolesAndInvitations extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "staff_invitation" ("id" serial primary key, "uuid" uuid not null, "studio_group_id" int not null, "email" varchar(255) not null, "firstname" varchar(255) not null, "lastname" varchar(255) not null, "role" text check ("role" in ('admin', 'accountant')) not null, "locale" text check ("locale" in ('de', 'en')) not null, "status" text check ("status" in ('pending', 'accepted', 'revoked')) not null default 'pending', "invited_by_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "responded_at" timestamptz null);`);
    this.addSql(`alter table "staff_invitation" add constraint "staff_invitation_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "staff_invitation_studio_group_id_status_index" on "staff_invitation" ("studio_group_id", "status");`);
    this.addSql(`create unique index "staff_invitation_pending_unique" on "staff_invitation" ("studio_group_id", "email") where "status" = 'pending';`);

    this.addSql(`alter table "staff_invitation" add constraint "staff_invitation_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_invitation" add constraint "staff_invitation_invited_by_id_foreign" foreign key ("invited_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "account_token" drop constraint if exists "account_token_purpose_check";`);

    // Every membership so far could do everything: it becomes an admin's, a member since the account's creation.
    this.addSql(`alter table "staff_membership" add column "role" text check ("role" in ('admin', 'accountant')) not null default 'admin', add column "created_at" timestamptz not null default now();`);
    this.addSql(`update "staff_membership" m set "created_at" = u."created_at" from "app_user" u where u."id" = m."user_id";`);
    this.addSql(`create index "staff_membership_studio_group_id_index" on "staff_membership" ("studio_group_id");`);

    this.addSql(`alter table "account_token" add column "staff_invitation_id" int null;`);
    this.addSql(`alter table "account_token" add constraint "account_token_staff_invitation_id_foreign" foreign key ("staff_invitation_id") references "staff_invitation" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "account_token" add constraint "account_token_purpose_check" check("purpose" in ('invitation', 'password-reset', 'email-confirmation', 'staff-invitation'));`);
    this.addSql(`create index "account_token_staff_invitation_id_index" on "account_token" ("staff_invitation_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "account_token" where "purpose" = 'staff-invitation';`);
    this.addSql(`alter table "account_token" drop constraint "account_token_staff_invitation_id_foreign";`);

    this.addSql(`drop table if exists "staff_invitation" cascade;`);

    this.addSql(`alter table "account_token" drop constraint if exists "account_token_purpose_check";`);

    this.addSql(`drop index "staff_membership_studio_group_id_index";`);
    this.addSql(`alter table "staff_membership" drop column "role", drop column "created_at";`);

    this.addSql(`drop index "account_token_staff_invitation_id_index";`);
    this.addSql(`alter table "account_token" drop column "staff_invitation_id";`);

    this.addSql(`alter table "account_token" add constraint "account_token_purpose_check" check("purpose" in ('invitation', 'password-reset', 'email-confirmation'));`);
  }

}
