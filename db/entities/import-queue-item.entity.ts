import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

export const IMPORT_QUEUE_TYPES = ['recalculate_billing', 'update_location_data_and_recalculate_billing'] as const;
export type ImportQueueType = (typeof IMPORT_QUEUE_TYPES)[number];

export const IMPORT_QUEUE_STATUSES = ['waiting', 'pending', 'processing', 'completed', 'error', 'cancelled'] as const;
export type ImportQueueStatus = (typeof IMPORT_QUEUE_STATUSES)[number];

/** An item of a studio group's data import queue (workflow `import-queue-{studioGroupUuid}`). */
export const ImportQueueItem = defineEntity({
  name: 'ImportQueueItem',
  tableName: 'import_queue_item',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    importType: p.enum([...IMPORT_QUEUE_TYPES]),
    parameters: p.json<Record<string, unknown>>(),
    status: p.enum([...IMPORT_QUEUE_STATUSES]).default('waiting'),
    /** null for items the system queued itself. */
    createdBy: () => p.manyToOne(User).nullable(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'status', 'createdAt'] }],
});
export type ImportQueueItem = InferEntity<typeof ImportQueueItem>;
