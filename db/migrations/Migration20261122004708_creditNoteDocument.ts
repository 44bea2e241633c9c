import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004708_creditNoteDocument extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "credit_note" add column "document" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "credit_note" drop column "document";`);
  }

}
