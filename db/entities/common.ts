import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/core';

// Shared property builders, so every table spells its key, public id and timestamps the same way.
// `onCreate` runs at `em.create()` (the ORM config sets `processOnCreateHooksEarly`), so a new
// entity's uuid is known before the flush — workflow IDs are built from it.

/** Integer surrogate key: joins and foreign keys use it, the API never shows it. */
export const idProperty = () => p.integer().primary().autoincrement();

/** The public identifier the API and the workflow IDs use. */
export const uuidProperty = () => p.uuid().unique().onCreate(() => randomUUID());

export const createdAtProperty = () => p.datetime().onCreate(() => new Date());

export const updatedAtProperty = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

export const ACCOUNTING_FILE_TYPES = ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF'] as const;
export type AccountingFileType = (typeof ACCOUNTING_FILE_TYPES)[number];
/**
 * The files a run writes: the accounting files, DATEV's creditor master data beside the booking
 * batch (never an attachment of its own), and the returns CSV, which is not a file the group
 * chooses: it goes with every hand-off that has returns (decision 0150).
 */
export const RUN_FILE_TYPES = [...ACCOUNTING_FILE_TYPES, 'DATEV_CREDITORS', 'PAYOUT_RETURNS'] as const;
export type RunFileType = (typeof RUN_FILE_TYPES)[number];

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
