import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { idProperty, updatedAtProperty } from './common';
import { StudioGroup } from './studio-group.entity';

/**
 * The last credit note number used per studio group and year. Incremented under a row lock
 * (`update … set last_number = last_number + 1 … returning`) in the transaction that inserts the
 * credit note, so numbers are gap-free even with concurrent workers.
 */
export const CreditNoteCounter = defineEntity({
  name: 'CreditNoteCounter',
  tableName: 'credit_note_counter',
  properties: (p) => ({
    id: idProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    year: p.integer(),
    lastNumber: p.integer().default(0),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'year'] }],
});
export type CreditNoteCounter = InferEntity<typeof CreditNoteCounter>;
