import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { SettlementRun } from './settlement-run.entity';
import { SettlementTrainer } from './settlement-trainer.entity';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';
import { User } from './user.entity';

export const CREDIT_NOTE_DOCUMENT_TYPES = ['credit_note', 'cancellation'] as const;
export type CreditNoteDocumentType = (typeof CREDIT_NOTE_DOCUMENT_TYPES)[number];

/**
 * An issued self-billed credit note ("Gutschrift", §14 UStG) or the cancelling document of one.
 * Never changed once issued: a correction is a cancellation (`cancels` → the original) plus a new
 * credit note. The number is assigned once per run, trainer and document type, gap-free per studio
 * group via CreditNoteCounter, in the same transaction that inserts this row.
 */
export const CreditNote = defineEntity({
  name: 'CreditNote',
  tableName: 'credit_note',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    settlementRun: () => p.manyToOne(SettlementRun),
    settlementTrainer: () => p.manyToOne(SettlementTrainer),
    trainer: () => p.manyToOne(Trainer),
    /** e.g. GS-2026-00042; SEPA end-to-end id. */
    number: p.string(),
    documentType: p.enum([...CREDIT_NOTE_DOCUMENT_TYPES]).default('credit_note'),
    cancels: () => p.manyToOne(CreditNote).nullable(),
    /** YYYY-MM-DD. */
    issueDate: p.date(),
    netCents: p.integer(),
    vatCents: p.integer(),
    grossCents: p.integer(),
    fileName: p.string(),
    /** Relative to the configured file storage; deterministic, so a retried render finds it. */
    filePath: p.string(),
    /**
     * The issued document (domain/credit-notes TCreditNoteDocument) exactly as rendered: a
     * cancellation negates it line by line, and an e-invoice (CII) can be made from it later.
     */
    document: p.json<Record<string, unknown>>().nullable(),
    /** Of the rendered PDF; null until it is written. */
    sha256: p.string().length(64).nullable(),
    sentAt: p.datetime().nullable(),
    /**
     * The trainer's objection to this issued credit note (§14 (2) UStG: self-billing needs the
     * recipient's agreement, and an objection ends it for this document). Recorded here for the
     * admin to confirm with a cancellation; the credit note itself stays unchanged.
     */
    objectedAt: p.datetime().nullable(),
    objectionReason: p.text().nullable(),
    objectedBy: () => p.manyToOne(User).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [
    { properties: ['studioGroup', 'number'] },
    { properties: ['settlementRun', 'settlementTrainer', 'documentType'] },
  ],
  indexes: [
    { properties: ['trainer', 'issueDate'] },
    { properties: ['settlementTrainer'] },
    { properties: ['studioGroup', 'issueDate'] },
    // The reports' lookup of a settlement trainer's documents by type (Migration20261124132800_reports).
    { name: 'credit_note_settlement_trainer_document_type_index', properties: ['settlementTrainer', 'documentType'] },
  ],
});
export type CreditNote = InferEntity<typeof CreditNote>;
