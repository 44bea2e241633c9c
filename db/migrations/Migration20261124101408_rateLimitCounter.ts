import { Migration } from '@mikro-orm/migrations';

export class Migration20261124101408_rateLimitCounter extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_counter" ("key" varchar(100) not null, "hits" int not null, "reset_at" timestamptz not null, constraint "rate_limit_counter_pkey" primary key ("key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counter" cascade;`);
  }

}
