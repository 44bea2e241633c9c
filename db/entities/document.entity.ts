import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { DocumentCategory } from './document-category.entity';
import { StudioGroup } from './studio-group.entity';
import { TrainerAccount } from './trainer-account.entity';
import { User } from './user.entity';

export const DOCUMENT_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentApprovalStatus = (typeof DOCUMENT_APPROVAL_STATUSES)[number];

/** A PDF a trainer uploaded for a studio group, approved or rejected by its staff. */
export const Document = defineEntity({
  name: 'Document',
  tableName: 'document',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    trainerAccount: () => p.manyToOne(TrainerAccount),
    studioGroup: () => p.manyToOne(StudioGroup),
    category: () => p.manyToOne(DocumentCategory),
    fileName: p.string(),
    filePath: p.string(),
    sizeBytes: p.integer(),
    approvalStatus: p.enum([...DOCUMENT_APPROVAL_STATUSES]).default('pending'),
    approvedBy: () => p.manyToOne(User).nullable(),
    approvedAt: p.datetime().nullable(),
    rejectionReason: p.text().nullable(),
    /** YYYY-MM-DD; null = no expiry. */
    expiresAt: p.date().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'trainerAccount'] }, { properties: ['trainerAccount'] }],
});
export type Document = InferEntity<typeof Document>;
