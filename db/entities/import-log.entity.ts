import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, uuidProperty } from './common';
import { Studio } from './studio.entity';
import { StudioGroup } from './studio-group.entity';

export const IMPORT_LOG_STATUSES = ['success', 'error', 'info'] as const;
export type ImportLogStatus = (typeof IMPORT_LOG_STATUSES)[number];

/** A line of the import dashboard log (spec admin 2.15), newest first. */
export const ImportLog = defineEntity({
  name: 'ImportLog',
  tableName: 'import_log',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    studio: () => p.manyToOne(Studio).nullable(),
    /** The import run (workflow `class-import-{importUuid}`). */
    importUuid: p.uuid(),
    /** e.g. 'classes_ondemand', 'classes_update'. */
    proc: p.string(),
    status: p.enum([...IMPORT_LOG_STATUSES]),
    classesImportCount: p.integer().default(0),
    message: p.text(),
    createdAt: createdAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'createdAt'] }, { properties: ['importUuid'] }],
});
export type ImportLog = InferEntity<typeof ImportLog>;
