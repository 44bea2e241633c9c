import { Migration } from '@mikro-orm/migrations';

// Documents: the upload's SHA-256 (the file is stored once under DATA_DIR by it), who
// rejected and when, and the expiry date a reminder was sent for (once per document and date).
export class Migration20261124134000_documents extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "document" add column "sha256" varchar(64) null, add column "rejected_by_id" int null, add column "rejected_at" timestamptz null, add column "expiry_reminded_for" date null;`);
    this.addSql(`alter table "document" add constraint "document_rejected_by_id_foreign" foreign key ("rejected_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "document_category_id_index" on "document" ("category_id");`);
    this.addSql(`create index "document_expires_at_index" on "document" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "document_expires_at_index";`);
    this.addSql(`drop index if exists "document_category_id_index";`);
    this.addSql(`alter table "document" drop constraint if exists "document_rejected_by_id_foreign";`);
    this.addSql(`alter table "document" drop column "sha256", drop column "rejected_by_id", drop column "rejected_at", drop column "expiry_reminded_for";`);
  }

}
