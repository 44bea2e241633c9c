import { Migration } from '@mikro-orm/migrations';

// A settlement's sums in bigint cents: int4 ends at 21,474,836.47 EUR, which a group of 10,000
// trainers passes in one month (its sums failed with 'integer out of range'). One row per month:
// the rewrite is small.

export class Migration20261128071354_settlementSumsBigint extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "settlement" alter column "sum_net_cents" type bigint using ("sum_net_cents"::bigint);`);
    this.addSql(`alter table "settlement" alter column "sum_vat_cents" type bigint using ("sum_vat_cents"::bigint);`);
    this.addSql(`alter table "settlement" alter column "sum_gross_cents" type bigint using ("sum_gross_cents"::bigint);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "settlement" alter column "sum_net_cents" type int using ("sum_net_cents"::int);`);
    this.addSql(`alter table "settlement" alter column "sum_vat_cents" type int using ("sum_vat_cents"::int);`);
    this.addSql(`alter table "settlement" alter column "sum_gross_cents" type int using ("sum_gross_cents"::int);`);
  }

}
