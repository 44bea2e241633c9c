import { z } from 'zod';
import { ZUuid } from './common.contract';

// Documents (trainer portal 2/3/5/7, admin 2.18/3/4/5/7). Field names are the specs'.

const ZText = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const ZStatusMessage = { status: z.literal('success'), message: z.string() };

/** The spec's approval values (trainer portal 3, admin 3): Approved, Rejected, otherwise pending. */
export const DOCUMENT_APPROVAL_LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
export const ZApprovalStatus = z.enum(['Pending', 'Approved', 'Rejected']);
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

// --- categories (staff, settings) -----------------------------------------------------------------

/** GET /api/v1/{g}/document-categories: the group's categories with how many documents each holds. */
export const ZDocumentCategory = z.object({
  categoryUuid: ZUuid,
  categoryName: z.string(),
  categoryDescription: z.string(),
  isMandatory: z.boolean(),
  documentCount: z.number().int(),
});
export type TDocumentCategory = z.infer<typeof ZDocumentCategory>;
export const ZDocumentCategoryList = z.array(ZDocumentCategory);

export const ZDocumentCategoryInput = z.object({
  categoryName: ZText(120).min(1, 'validation.required'),
  categoryDescription: ZText(1000).default(''),
  isMandatory: z.boolean().default(false),
});
export type TDocumentCategoryInput = z.input<typeof ZDocumentCategoryInput>;
export const ZDocumentCategoryParams = z.object({ g: ZUuid, categoryUuid: ZUuid });
export const ZDocumentCategorySaved = z.object({ ...ZStatusMessage, category: ZDocumentCategory });
export const ZDocumentCategoryDeleted = z.object(ZStatusMessage);

// --- the trainer's documents page ------------------------------------------------------------------

export const ZTrainerDocumentsParams = z.object({ studioGroupUuid: ZUuid, user: ZUuid });

export const ZTrainerDocument = z.object({
  uuid: ZUuid,
  fileName: z.string(),
  approvalStatus: ZApprovalStatus,
  /** The expiry date (`{date: 'YYYY-MM-DD'}`), null without one. */
  expired: z.object({ date: z.string() }).nullable(),
  /** Past its expiry date (beyond the spec: the page marks it). */
  isExpired: z.boolean(),
  rejectionReason: z.string().nullable(),
  uploadedAt: z.string(),
});
export type TTrainerDocument = z.infer<typeof ZTrainerDocument>;

/** GET /api/v2/{studioGroupUuid}/trainer_account/documents/{user} (trainer portal 3). */
export const ZTrainerDocumentsResponse = z.object({
  studioGroupName: z.string(),
  studioGroupUuid: ZUuid,
  categories: z.array(
    z.object({
      id: z.number().int(),
      uuid: ZUuid,
      name: z.string(),
      description: z.string(),
      isMandatory: z.boolean(),
      documents: z.array(ZTrainerDocument),
    }),
  ),
});
export type TTrainerDocumentsResponse = z.infer<typeof ZTrainerDocumentsResponse>;

const ZLocaleSegment = z.string().regex(/^[a-z]{2}$/, 'validation.invalid');

/** POST /{locale}/trainer/document/upload/{studioGroupUuid}/{categoryUuid} (multipart; the file in `file`). */
export const ZDocumentUploadParams = z.object({ locale: ZLocaleSegment, studioGroupUuid: ZUuid, categoryUuid: ZUuid });
export const ZDocumentUploadForm = z.object({
  filename: ZText(255).optional().describe('The name to store the file under; default the uploaded file\'s name.'),
  category: z.string().max(100).optional().describe('The category uuid (the path names it too).'),
  studioGroupUuid: ZUuid.optional(),
  userUuid: ZUuid.optional().describe('The caller\'s own user uuid.'),
  file: z.string().optional().describe('The PDF (binary, at most 3 MB).'),
});
export const ZDocumentUploadResponse = z.object({ ...ZStatusMessage, documentUuid: ZUuid });
export type TDocumentUploadResponse = z.infer<typeof ZDocumentUploadResponse>;

/** POST /{locale}/trainer/document/delete/{documentUuid} */
export const ZDocumentDeleteParams = z.object({ locale: ZLocaleSegment, documentUuid: ZUuid });
export const ZDocumentDeleteForm = z.object({ studioGroupUuid: ZUuid.optional(), userUuid: ZUuid.optional() });
export const ZDocumentDeleteResponse = z.object(ZStatusMessage);

// --- document manager (admin 2.18) -----------------------------------------------------------------

/** Document (admin 3). */
export const ZManagedDocument = z.object({
  uuid: ZUuid,
  fileName: z.string(),
  categoryUuid: ZUuid,
  categoryName: z.string(),
  categoryDescription: z.string(),
  isMandatory: z.boolean(),
  /** pending | approved | rejected (the stored state); approvalStatus is its spec label. */
  status: z.enum(['pending', 'approved', 'rejected']),
  approvalStatus: ZApprovalStatus,
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  expiresAt: z.string().nullable(),
  expirationStatus: z.enum(['Expired', 'Valid', 'None']),
  /** YYYY-MM-DD and HH:mm of the upload (Europe/Berlin). */
  modifiedDate: z.string(),
  modifiedTime: z.string(),
  icon: z.literal('pdf'),
  sizeBytes: z.number().int(),
});
export type TManagedDocument = z.infer<typeof ZManagedDocument>;

/** Document manager trainer (admin 3), with what an admin must see at a glance. */
export const ZDocumentManagerTrainer = z.object({
  id: z.number().int(),
  uuid: ZUuid,
  name: z.string(),
  fileCount: z.number().int(),
  files: z.array(ZManagedDocument),
  accountConnected: z.boolean(),
  /** Mandatory categories without a pending or approved, unexpired document. */
  missingMandatory: z.array(z.object({ categoryUuid: ZUuid, categoryName: z.string() })),
  expiredCount: z.number().int(),
  pendingCount: z.number().int(),
});
export type TDocumentManagerTrainer = z.infer<typeof ZDocumentManagerTrainer>;

/** GET /api/v1/{g}/document-manager/trainers */
export const ZDocumentManagerTrainersResponse = z.array(ZDocumentManagerTrainer);

export const ZApproveDocumentRequest = z.object({
  trainerUuid: ZUuid,
  documentUuid: ZUuid,
  userUuid: ZUuid.optional(),
  expirationDate: z
    .union([z.literal('no_expiration_date'), z.number().int(), z.string().max(20)])
    .default('no_expiration_date')
    .describe('no_expiration_date, or a Unix timestamp (seconds) of a day not before today.'),
});
export type TApproveDocumentRequest = z.input<typeof ZApproveDocumentRequest>;
export const ZRejectDocumentRequest = z.object({
  trainerUuid: ZUuid,
  documentUuid: ZUuid,
  userUuid: ZUuid.optional(),
  rejectReason: ZText(2000).default(''),
});
export type TRejectDocumentRequest = z.input<typeof ZRejectDocumentRequest>;

/** Approve / reject answer (admin 7): a list whose first item holds the user (the trainer) and their files. */
export const ZDocumentDecisionResponse = z.array(
  z.object({
    user: z.object({ id: z.number().int(), uuid: ZUuid, name: z.string() }),
    files: z.array(ZManagedDocument),
    status: z.literal('success'),
    message: z.string(),
  }),
);
export type TDocumentDecisionResponse = z.infer<typeof ZDocumentDecisionResponse>;

// --- download paths -------------------------------------------------------------------------------

export const trainerDocumentDownloadPath = (locale: string, documentUuid: string) => `/${locale}/trainer/document/download/${documentUuid}`;
export const adminDocumentDownloadPath = (documentUuid: string) => `/admin/document-manager/download/${documentUuid}`;
export const adminDocumentsZipPath = (trainerUuid: string) => `/admin/document-manager/trainer/${trainerUuid}/download-all`;
