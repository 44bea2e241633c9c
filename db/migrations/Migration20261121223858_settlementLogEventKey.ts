import { Migration } from '@mikro-orm/migrations';

export class Migration20261121223858_settlementLogEventKey extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "settlement_log" add column "event_key" varchar(255) null;`);
    this.addSql(`alter table "settlement_log" add constraint "settlement_log_settlement_id_event_key_unique" unique ("settlement_id", "event_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "settlement_log" drop constraint "settlement_log_settlement_id_event_key_unique";`);
    this.addSql(`alter table "settlement_log" drop column "event_key";`);
  }

}
