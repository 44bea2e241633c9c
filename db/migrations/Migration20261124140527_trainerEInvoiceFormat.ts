import { Migration } from '@mikro-orm/migrations';

// The format a trainer receives credit notes in by e-mail (pdf, hybrid ZUGFeRD/Factur-X
// PDF, XRechnung XML); hybrid for everyone until they choose.
export class Migration20261124140527_trainerEInvoiceFormat extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "trainer_account" add column "e_invoice_format" text check ("e_invoice_format" in ('pdf', 'hybrid', 'xrechnung')) not null default 'hybrid';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "trainer_account" drop column if exists "e_invoice_format";`);
  }

}
