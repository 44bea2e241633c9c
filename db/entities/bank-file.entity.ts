import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

export const BANK_FILE_KINDS = ['camt.053', 'camt.054', 'pain.002'] as const;
export type BankFileKind = (typeof BANK_FILE_KINDS)[number];
export const BANK_FILE_STATES = ['stored', 'reading', 'done', 'failed'] as const;
export type BankFileState = (typeof BANK_FILE_STATES)[number];

/**
 * A file of the bank uploaded by staff (workflow `bank-file-{group}-{identity hash}`). Its identity
 * (kind, MsgId, account, sequence) is unique per group, so the same statement read twice is refused
 * as already read. The bytes live under DATA_DIR like documents (stored once by their hash).
 * `processed` and the counts advance in the same transaction as each batch's outcomes, which is how
 * a retried batch knows it was applied.
 */
export const BankFile = defineEntity({
  name: 'BankFile',
  tableName: 'bank_file',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    kind: p.enum([...BANK_FILE_KINDS]),
    /** The full message name, e.g. camt.053.001.08. */
    version: p.string(),
    messageId: p.string(),
    account: p.string(),
    sequence: p.string().nullable(),
    /** sha256 of kind + MsgId + account + sequence: what makes two uploads the same file. */
    identityKey: p.string().length(64),
    sha256: p.string().length(64),
    fileName: p.string(),
    filePath: p.string(),
    sizeBytes: p.integer(),
    uploadedBy: () => p.manyToOne(User).nullable(),
    locale: p.string().length(2).default('de'),
    state: p.enum([...BANK_FILE_STATES]).default('stored'),
    processed: p.integer().default(0),
    total: p.integer().nullable(),
    paidCount: p.integer().default(0),
    rejectedCount: p.integer().default(0),
    returnedCount: p.integer().default(0),
    unchangedCount: p.integer().default(0),
    unmatchedCount: p.integer().default(0),
    /** A catalogue key: why the file could not be read to its end. */
    errorKey: p.string().nullable(),
    errorDetail: p.text().nullable(),
    finishedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'identityKey'] }],
  indexes: [{ properties: ['studioGroup', 'createdAt'] }],
});
export type BankFile = InferEntity<typeof BankFile>;

/** An entry of a bank file that changed no payout, with why (a catalogue key). Keyed by its place in the file, so a retried batch records it once. */
export const BankFileUnmatchedEntry = defineEntity({
  name: 'BankFileUnmatchedEntry',
  tableName: 'bank_file_unmatched_entry',
  properties: (p) => ({
    id: idProperty(),
    bankFile: () => p.manyToOne(BankFile).deleteRule('cascade'),
    entryIndex: p.integer(),
    endToEndId: p.string().nullable(),
    amountCents: p.integer().nullable(),
    bookingDate: p.date().nullable(),
    bankReference: p.string().nullable(),
    reasonCode: p.string().nullable(),
    /** The bank's own words on the entry (AddtlInf), as it sent them. */
    reasonText: p.text().nullable(),
    whyKey: p.string(),
    whyParams: p.json<Record<string, string>>().nullable(),
    createdAt: createdAtProperty(),
  }),
  uniques: [{ properties: ['bankFile', 'entryIndex'] }],
});
export type BankFileUnmatchedEntry = InferEntity<typeof BankFileUnmatchedEntry>;
