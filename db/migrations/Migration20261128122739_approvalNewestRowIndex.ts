import { Migration } from '@mikro-orm/migrations';

// Large tables: approval (one index built; a few rows per trainer and month, so seconds even for
// years of a large group).
// A trainer's newest approval row (`max(id)`, the seq the settlement workflow is signalled with) by
// an index of its own: without it PostgreSQL read the primary key backwards, row after row, until it
// met the trainer, which made approve-all of 10,000 trainers take 6 s of PostgreSQL's CPU.

export class Migration20261128122739_approvalNewestRowIndex extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "approval_settlement_trainer_id_id_index" on "approval" ("settlement_trainer_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "approval_settlement_trainer_id_id_index";`);
  }

}
