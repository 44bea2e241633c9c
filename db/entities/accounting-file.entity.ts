import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { RUN_FILE_TYPES, createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { SettlementRun } from './settlement-run.entity';

export const ACCOUNTING_FILE_STATUSES = ['success', 'error', 'not_set'] as const;
export type AccountingFileStatus = (typeof ACCOUNTING_FILE_STATUSES)[number];

/** A file of a run for the accountant: SEPA XML, credit notes ZIP, studio costs CSV, DATEV booking batch and its creditor master data. */
export const AccountingFile = defineEntity({
  name: 'AccountingFile',
  tableName: 'accounting_file',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    settlementRun: () => p.manyToOne(SettlementRun),
    type: p.enum([...RUN_FILE_TYPES]),
    /** 'not_set' when the group's accountingFiles does not include this type. */
    status: p.enum([...ACCOUNTING_FILE_STATUSES]).default('not_set'),
    filePath: p.string().nullable(),
    sha256: p.string().length(64).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['settlementRun', 'type'] }],
});
export type AccountingFile = InferEntity<typeof AccountingFile>;
