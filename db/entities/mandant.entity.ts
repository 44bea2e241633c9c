import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';

/** The tenant: a mandant owns one or more studio groups. */
export const Mandant = defineEntity({
  name: 'Mandant',
  tableName: 'mandant',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    name: p.string(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
});
export type Mandant = InferEntity<typeof Mandant>;
