import { Migration } from '@mikro-orm/migrations';

// Invitations can be revoked, one pending invitation per trainer record (a trainer record
// belongs to one studio group, so this is one per trainer and group), and the signed single-use links
// of invitations, password resets and e-mail confirmations.
export class Migration20261124132711_invitationsAndAccountTokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "invitation" drop constraint if exists "invitation_status_check";`);
    this.addSql(`alter table "invitation" add constraint "invitation_status_check" check ("status" in ('pending', 'accepted', 'declined', 'revoked'));`);
    this.addSql(`create unique index "invitation_pending_trainer_unique" on "invitation" ("trainer_id") where "status" = 'pending';`);
    this.addSql(`create table "account_token" ("id" serial primary key, "uuid" uuid not null, "purpose" text check ("purpose" in ('invitation', 'password-reset', 'email-confirmation')) not null, "user_id" int null, "invitation_id" int null, "email" varchar(255) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "account_token" add constraint "account_token_uuid_unique" unique ("uuid");`);
    this.addSql(`create index "account_token_user_id_purpose_index" on "account_token" ("user_id", "purpose");`);
    this.addSql(`create index "account_token_invitation_id_index" on "account_token" ("invitation_id");`);
    this.addSql(`alter table "account_token" add constraint "account_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "account_token" add constraint "account_token_invitation_id_foreign" foreign key ("invitation_id") references "invitation" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_token" cascade;`);
    this.addSql(`drop index if exists "invitation_pending_trainer_unique";`);
    this.addSql(`alter table "invitation" drop constraint if exists "invitation_status_check";`);
    this.addSql(`alter table "invitation" add constraint "invitation_status_check" check ("status" in ('pending', 'accepted', 'declined'));`);
  }

}
