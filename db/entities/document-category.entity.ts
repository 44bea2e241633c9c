import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';

/** A kind of document a studio group asks its trainers for (e.g. trade registration). */
export const DocumentCategory = defineEntity({
  name: 'DocumentCategory',
  tableName: 'document_category',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    name: p.string(),
    description: p.text().nullable(),
    isMandatory: p.boolean().default(false),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup'] }],
});
export type DocumentCategory = InferEntity<typeof DocumentCategory>;
