import { createAdminPositionActivities } from './admin-positions';
import { createSettlementBookkeepingActivities } from './bookkeeping';
import { createInvoiceDataActivities } from './invoice-data';
import type { PrepareActivityDeps } from './prepare-records';
import { createTrainerLinesActivities } from './trainer-lines';

export * from './prepare.types';
export type { PrepareActivityDeps };

// The preparation of a settlement month (spec 4 "Prepare data", the three calls invoice-data,
// class, trainer) and the settlement's bookkeeping (status, trainer review, admin positions).
// Every activity is idempotent: it takes a transaction-scoped lock on the settlement, replaces what
// it computes (a trainer's lines are deleted and written again in one transaction) and keys its log
// rows, so a retry after a crash finds what it already wrote. One `orm.em.fork()` per execution.
//
// One file per phase: invoice-data.ts (phase 1), trainer-lines.ts (phases 2 and 3), admin-positions.ts,
// bookkeeping.ts (trainer review, status); lines.ts and prepare-records.ts hold what they share.

export function createPrepareActivities(deps: PrepareActivityDeps) {
  return {
    ...createInvoiceDataActivities(deps),
    ...createTrainerLinesActivities(deps),
    ...createSettlementBookkeepingActivities(deps),
    ...createAdminPositionActivities(deps),
  };
}

export type PrepareActivities = ReturnType<typeof createPrepareActivities>;
