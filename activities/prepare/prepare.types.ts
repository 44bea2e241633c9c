import { z } from 'zod';

// Arguments and results of the settlement activities (preparation, status, admin positions), as
// zod schemas: the activities parse their argument with them, fields can be added without
// breaking running histories, and the workflow imports only the types.

const ZUuid = z.string().uuid();
const ZLocale = z.enum(['de', 'en']).default('en');

import { PREPARE_CHUNK_SIZE } from '../../workflows/settlement.messages';

export { PREPARE_CHUNK_SIZE };

export const ZFreezeInvoiceDataInput = z.object({
  settlementUuid: ZUuid,
  /** The selection; locked trainers (credit note issued) are skipped and reported back. */
  trainerUuids: z.array(ZUuid).min(1),
  /** Preparation run number (1, 2, ... per settlement): the key of its log rows. */
  run: z.number().int().positive(),
  userUuid: z.string().min(1),
  locale: ZLocale,
});
export type TFreezeInvoiceDataInput = z.input<typeof ZFreezeInvoiceDataInput>;
export type TFreezeInvoiceDataResult = {
  /** Trainers to prepare: the selection without the locked ones, in a stable order. */
  trainerUuids: string[];
  /** Trainers of this settlement whose credit note is issued (credit_note_created / credit_note_send). */
  lockedTrainerUuids: string[];
  anyCreditNoteSent: boolean;
  rules: number;
};

export const ZPrepareTrainerLinesInput = z.object({
  settlementUuid: ZUuid,
  trainerUuids: z.array(ZUuid).min(1).max(PREPARE_CHUNK_SIZE),
  run: z.number().int().positive(),
  /** Trainers of the run before this chunk and in all, for the progress events. */
  offset: z.number().int().min(0),
  total: z.number().int().min(1),
  locale: ZLocale,
});
export type TPrepareTrainerLinesInput = z.input<typeof ZPrepareTrainerLinesInput>;
export type TPrepareTrainerLinesResult = {
  trainers: number;
  lines: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
};
/** Heartbeat details: trainers of the chunk done (each in its own transaction), so a retry resumes there. */
export type TPrepareHeartbeat = { processed: number; total: number };

export const ZMarkTrainersPreparedInput = z.object({
  settlementUuid: ZUuid,
  trainerUuids: z.array(ZUuid),
  run: z.number().int().positive(),
  /** Who prepared: withdraws the approvals of re-prepared trainers in their name (absent in older histories). */
  userUuid: z.string().min(1).optional(),
  locale: ZLocale,
});
export type TMarkTrainersPreparedInput = z.input<typeof ZMarkTrainersPreparedInput>;
export type TMarkTrainersPreparedResult = { trainers: number; netCents: number; vatCents: number; grossCents: number };

export const ZRecordTrainerReviewInput = z.object({
  settlementUuid: ZUuid,
  trainerReview: z.boolean(),
  userUuid: z.string().min(1),
  locale: ZLocale,
});
export type TRecordTrainerReviewInput = z.input<typeof ZRecordTrainerReviewInput>;

export const ZRecordSettlementStatusInput = z.object({
  settlementUuid: ZUuid,
  status: z.enum(['completed', 'archived', 'deleted']),
  userUuid: z.string().min(1),
  locale: ZLocale,
});
export type TRecordSettlementStatusInput = z.input<typeof ZRecordSettlementStatusInput>;

export const ZSaveAdminPositionInput = z.object({
  settlementUuid: ZUuid,
  positionUuid: ZUuid,
  trainerUuid: ZUuid,
  kind: z.enum(['bonus', 'deduction', 'travel']),
  description: z.string().min(1),
  netCents: z.number().int(),
  userUuid: z.string().min(1),
  locale: ZLocale,
});
export type TSaveAdminPositionInput = z.input<typeof ZSaveAdminPositionInput>;

export const ZRemoveAdminPositionInput = z.object({
  settlementUuid: ZUuid,
  positionUuid: ZUuid,
  trainerUuid: ZUuid,
  userUuid: z.string().min(1),
  locale: ZLocale,
});
export type TRemoveAdminPositionInput = z.input<typeof ZRemoveAdminPositionInput>;
export type TAdminLinesResult = { trainerUuid: string; positions: number; grossCents: number };
