import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { idProperty } from './common';
import { CreditNote } from './credit-note.entity';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';

/**
 * The lines of an issued credit note or cancellation, summed by studio, class name and VAT rate:
 * what the balance reports count (spec admin 2.14). Written by a PostgreSQL trigger on the insert
 * of the credit note from its stored document (the same lines its PDF and SEPA payment show), so
 * no issuing code has to remember it and a report reads thousands of rows, not a year's classes.
 * A cancellation's lines are negative, so a cancelled credit note and its cancellation net to zero.
 */
export const CreditNoteReportLine = defineEntity({
  name: 'CreditNoteReportLine',
  tableName: 'credit_note_report_line',
  properties: (p) => ({
    id: idProperty(),
    creditNote: () => p.manyToOne(CreditNote).deleteRule('cascade'),
    studioGroup: () => p.manyToOne(StudioGroup),
    trainer: () => p.manyToOne(Trainer),
    /** The settlement month (its last day). */
    serviceMonth: p.date(),
    /** The studio's name as printed; null for admin positions. */
    studioName: p.string().nullable(),
    className: p.string(),
    vatRateBasisPoints: p.integer(),
    lineCount: p.integer(),
    netCents: p.bigint('number'),
    vatCents: p.bigint('number'),
    grossCents: p.bigint('number'),
  }),
  indexes: [{ properties: ['studioGroup', 'serviceMonth'] }, { properties: ['creditNote'] }],
});
export type CreditNoteReportLine = InferEntity<typeof CreditNoteReportLine>;
