import { Migration } from '@mikro-orm/migrations';

export class Migration20261128001423_loginLimiter extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "login_limiter" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "login_limiter_pkey" primary key ("key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "login_limiter" cascade;`);
  }

}
