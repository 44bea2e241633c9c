import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

export const STUDIO_GROUP_EXPORT_STATUSES = ['running', 'done', 'failed', 'expired'] as const;
export type StudioGroupExportStatus = (typeof STUDIO_GROUP_EXPORT_STATUSES)[number];

/**
 * One export of a whole studio group as a ZIP with a manifest (docs/decisions/0140). Written by the
 * studio-group-export workflow's activities; the screen reads its progress from here, the socket
 * event only says "read again". The file is deleted when the export expires (kept seven days).
 */
export const StudioGroupExport = defineEntity({
  name: 'StudioGroupExport',
  tableName: 'studio_group_export',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    requestedBy: () => p.manyToOne(User),
    status: p.enum([...STUDIO_GROUP_EXPORT_STATUSES]).default('running'),
    /** The section being written (manifest name: 'master-data', 'classes', …); null before the first and after the last. */
    currentSection: p.string().nullable(),
    sectionsDone: p.integer().default(0),
    sectionsTotal: p.integer().default(0),
    /** Files written into the ZIP so far (the manifest lists each). */
    filesDone: p.integer().default(0),
    /** Relative to the data directory; set once the ZIP is complete under its final name. */
    filePath: p.string().nullable(),
    /** A large group's ZIP is gigabytes: beyond an integer column. */
    sizeBytes: p.bigint('number').nullable(),
    sha256: p.string().length(64).nullable(),
    /** Why it failed (the activity's message), for the screen. */
    error: p.text().nullable(),
    finishedAt: p.datetime().nullable(),
    /** When the file is deleted (finishedAt + the retention). */
    expiresAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'createdAt'] }],
});
export type StudioGroupExport = InferEntity<typeof StudioGroupExport>;
