import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004904_selfBillingAgreement extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "trainer" add column "self_billing_agreement_at" timestamptz null, add column "self_billing_agreement_by_id" int null;`);
    this.addSql(`alter table "trainer" add constraint "trainer_self_billing_agreement_by_id_foreign" foreign key ("self_billing_agreement_by_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "trainer" drop constraint "trainer_self_billing_agreement_by_id_foreign";`);

    this.addSql(`alter table "trainer" drop column "self_billing_agreement_at", drop column "self_billing_agreement_by_id";`);
  }

}
