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
    /** SHA-256 of the bytes; the file is stored once under DATA_DIR as documents/{sha256}.pdf. */
    sha256: p.string().length(64).nullable(),
    approvalStatus: p.enum([...DOCUMENT_APPROVAL_STATUSES]).default('pending'),
    approvedBy: () => p.manyToOne(User).nullable(),
    approvedAt: p.datetime().nullable(),
    rejectionReason: p.text().nullable(),
    rejectedBy: () => p.manyToOne(User).nullable(),
    rejectedAt: p.datetime().nullable(),
    /** YYYY-MM-DD; null = no expiry. */
    expiresAt: p.date().nullable(),
    /** The expiry date the 30-day reminder was sent for (a new date after a new approval reminds again). */
    expiryRemindedFor: p.date().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  indexes: [{ properties: ['studioGroup', 'trainerAccount'] }, { properties: ['trainerAccount'] }, { properties: ['category'] }, { properties: ['expiresAt'] }],
});
export type Document = InferEntity<typeof Document>;
