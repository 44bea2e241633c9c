import path from 'node:path';
import { DateTime } from 'luxon';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Document, DocumentCategory, type DocumentApprovalStatus, Notification, StudioGroup, StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../../db/entities';
import { isoDateOf } from '../../../domain/settlement/month';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { translate, type Locale } from '../../../domain/messages';
import { DOCUMENT_ZONE, isExpired, parseExpirationDate, todayIn } from '../../../domain/documents/expiry';
import {
  DOCUMENT_APPROVAL_LABELS,
  type TDocumentCategory,
  type TDocumentCategoryInput,
  type TDocumentManagerTrainer,
  type TManagedDocument,
  type TTrainerDocumentsResponse,
  ZDocumentCategoryInput,
} from '../../../contracts/documents.contract';
import type { AuthContext } from '../../auth/sessions';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { documentRelativePath, lockDocumentFile, removeUnreferencedDocumentFiles, sha256Of, storeDocumentBytes, storedDocumentPath } from '../../../db/document-storage';
import { sql } from '../../../db/queries/sql';
import type { DocumentUploadLimits } from '../../../config/env';

// Documents of trainers per studio group: the trainer's page (own documents only), the upload and
// delete, staff's document manager with approval, expiry and rejection, and the categories. Straight
// from PostgreSQL: no process waits on a document (the expiry reminder reads what is stored here).

const dateOf = (value: string | Date | null | undefined) => (value ? isoDateOf(value) : null);
const berlin = (value: Date) => DateTime.fromJSDate(value, { zone: DOCUMENT_ZONE });

// --- the trainer ------------------------------------------------------------------------------------

/** The caller's trainer account and its link to the studio group; a group the trainer is not connected to is "not found". */
export async function trainerInGroup(em: EntityManager, auth: AuthContext, studioGroupUuid: string) {
  if (auth.role !== 'trainer') throw new HttpError(403, 'trainerAccount.trainerOnly');
  const account = await em.findOne(TrainerAccount, { user: auth.userId });
  const link = account ? await em.findOne(StudioGroupTrainer, { studioGroup: { uuid: studioGroupUuid }, trainerAccount: account }, { populate: ['studioGroup'] }) : null;
  if (!account || !link) throw notFound('documents.notConnected');
  return { account, studioGroup: link.studioGroup };
}

function trainerDocumentOf(document: Document, today: string) {
  const expiresAt = dateOf(document.expiresAt);
  return {
    uuid: document.uuid,
    fileName: document.fileName,
    approvalStatus: DOCUMENT_APPROVAL_LABELS[document.approvalStatus as DocumentApprovalStatus],
    expired: expiresAt ? { date: expiresAt } : null,
    isExpired: isExpired(expiresAt, today),
    rejectionReason: document.rejectionReason ?? null,
    uploadedAt: document.createdAt.toISOString(),
  };
}

/** GET /api/v2/{studioGroupUuid}/trainer_account/documents/{user}: the group's categories with the trainer's own documents. */
export async function listTrainerDocuments(em: EntityManager, auth: AuthContext, studioGroupUuid: string): Promise<TTrainerDocumentsResponse> {
  const { account, studioGroup } = await trainerInGroup(em, auth, studioGroupUuid);
  const categories = await em.find(DocumentCategory, { studioGroup }, { orderBy: { isMandatory: 'desc', name: 'asc', id: 'asc' } });
  const documents = await em.find(Document, { studioGroup, trainerAccount: account }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const today = todayIn(new Date());
  return {
    studioGroupName: studioGroup.name,
    studioGroupUuid: studioGroup.uuid,
    categories: categories.map((category) => ({
      id: category.id,
      uuid: category.uuid,
      name: category.name,
      description: category.description ?? '',
      isMandatory: category.isMandatory,
      documents: documents.filter((document) => document.category.id === category.id).map((document) => trainerDocumentOf(document, today)),
    })),
  };
}

const MB = 1024 * 1024;

/**
 * The quota refusal for a trainer account that would keep one more document of `addBytes`, or null
 * (decision 0067): counted over the account's documents in every studio group, as one person's storage.
 */
export async function documentQuotaRefusal(em: EntityManager, userId: number, addBytes: number, limits: Pick<DocumentUploadLimits, 'quotaFiles' | 'quotaMb'>): Promise<HttpError | null> {
  const [held] = await sql<{ files: number; bytes: string }>(
    em,
    `select count(*)::int as files, coalesce(sum(d.size_bytes), 0)::bigint as bytes
       from document d join trainer_account ta on ta.id = d.trainer_account_id where ta.user_id = ?`,
    [userId],
  );
  if (held!.files + 1 > limits.quotaFiles) return new HttpError(409, 'documents.quotaFiles', 'file', { count: held!.files });
  if (Number(held!.bytes) + addBytes > limits.quotaMb * MB) return new HttpError(409, 'documents.quotaBytes', 'file', { megabytes: limits.quotaMb });
  return null;
}

/**
 * Stores a checked PDF once by its hash and records the document (pending) for the trainer and
 * category, within the account's quota. The quota is counted again under a lock per account inside
 * the transaction (two uploads at once cannot both take the last place), before any byte is written;
 * a refused or failed insert takes its file away again unless another document holds the same bytes.
 */
export async function recordUpload({
  em,
  auth,
  dataDir,
  studioGroupUuid,
  categoryUuid,
  fileName,
  bytes,
  limits,
}: {
  em: EntityManager;
  auth: AuthContext;
  dataDir: string;
  studioGroupUuid: string;
  categoryUuid: string;
  fileName: string;
  bytes: Uint8Array;
  limits: Pick<DocumentUploadLimits, 'quotaFiles' | 'quotaMb'>;
}): Promise<Document> {
  const { account, studioGroup } = await trainerInGroup(em, auth, studioGroupUuid);
  const category = await em.findOne(DocumentCategory, { uuid: categoryUuid, studioGroup });
  if (!category) throw notFound('documents.categoryNotFound');
  let written = false;
  try {
    return await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`document-quota:${account.id}`]);
      const refusal = await documentQuotaRefusal(tx, auth.userId, bytes.byteLength, limits);
      if (refusal) throw refusal;
      const { sha256, relativePath } = await storeDocumentBytes(dataDir, bytes);
      written = true;
      await lockDocumentFile(tx, sha256);
      // The file may have been unlinked by a delete that held the lock just before: store again (same bytes).
      if (!(await storedDocumentPath(dataDir, relativePath))) await storeDocumentBytes(dataDir, bytes);
      const document = tx.create(Document, {
        trainerAccount: account,
        studioGroup,
        category,
        fileName,
        filePath: relativePath,
        sha256,
        sizeBytes: bytes.byteLength,
        approvalStatus: 'pending',
      });
      await tx.flush();
      return document;
    });
  } catch (error) {
    if (written) await removeUnreferencedDocumentFiles(em, dataDir, [sha256Of(bytes)]).catch(() => {});
    throw error;
  }
}

/** A trainer's own document in one of their groups; another trainer's is "not found" (nothing leaks). */
export async function ownDocument(em: EntityManager, auth: AuthContext, documentUuid: string): Promise<Document> {
  if (auth.role !== 'trainer') throw new HttpError(403, 'trainerAccount.trainerOnly');
  const document = await em.findOne(Document, { uuid: documentUuid, trainerAccount: { user: auth.userId } }, { populate: ['studioGroup', 'category'] });
  if (!document) throw notFound('documents.notFound');
  return document;
}

/** Deletes a trainer's own document that is not approved; its file goes when no other document holds the same bytes. */
export async function deleteOwnDocument({ em, auth, dataDir, documentUuid, studioGroupUuid }: { em: EntityManager; auth: AuthContext; dataDir: string; documentUuid: string; studioGroupUuid?: string }) {
  const document = await ownDocument(em, auth, documentUuid);
  if (studioGroupUuid && document.studioGroup.uuid !== studioGroupUuid) throw badRequest('documents.wrongStudioGroup', 'studioGroupUuid');
  // An approved document is what the studio relies on (a licence, a registration): the trainer
  // replaces it by uploading a new version, which the studio reviews, instead of removing it.
  if (document.approvalStatus === 'approved') throw conflict('documents.approvedNotDeletable');
  const fileName = document.fileName;
  await em.nativeDelete(Document, { id: document.id });
  await removeUnreferencedDocumentFiles(em, dataDir, [document.sha256]);
  return { fileName };
}

// --- staff: the document manager ----------------------------------------------------------------------

function managedDocumentOf(document: Document, today: string): TManagedDocument {
  const expiresAt = dateOf(document.expiresAt);
  const uploaded = berlin(document.createdAt);
  const decidedBy = document.approvalStatus === 'rejected' ? document.rejectedBy : document.approvedBy;
  return {
    uuid: document.uuid,
    fileName: document.fileName,
    categoryUuid: document.category.uuid,
    categoryName: document.category.name,
    categoryDescription: document.category.description ?? '',
    isMandatory: document.category.isMandatory,
    status: document.approvalStatus as DocumentApprovalStatus,
    approvalStatus: DOCUMENT_APPROVAL_LABELS[document.approvalStatus as DocumentApprovalStatus],
    approvedBy: decidedBy ? `${decidedBy.firstname} ${decidedBy.lastname}`.trim() : null,
    approvedAt: (document.approvalStatus === 'rejected' ? document.rejectedAt : document.approvedAt)?.toISOString() ?? null,
    rejectionReason: document.rejectionReason ?? null,
    expiresAt,
    expirationStatus: expiresAt === null ? 'None' : isExpired(expiresAt, today) ? 'Expired' : 'Valid',
    modifiedDate: uploaded.toISODate()!,
    modifiedTime: uploaded.toFormat('HH:mm'),
    icon: 'pdf',
    sizeBytes: document.sizeBytes,
  };
}

/** A mandatory category counts as provided by a pending or approved document that has not expired. */
function missingMandatory(categories: DocumentCategory[], files: TManagedDocument[]) {
  return categories
    .filter((category) => category.isMandatory)
    .filter((category) => !files.some((file) => file.categoryUuid === category.uuid && file.status !== 'rejected' && file.expirationStatus !== 'Expired'))
    .map((category) => ({ categoryUuid: category.uuid, categoryName: category.name }));
}

/** GET /api/v1/{g}/document-manager/trainers: every trainer of the group with their documents and what is missing or expired. */
export async function listManagerTrainers(em: EntityManager, studioGroup: StudioGroup, onlyTrainerUuid?: string): Promise<TDocumentManagerTrainer[]> {
  const trainers = await em.find(Trainer, { studioGroup, ...(onlyTrainerUuid ? { uuid: onlyTrainerUuid } : {}) }, { orderBy: { lastname: 'asc', firstname: 'asc', id: 'asc' } });
  const links = await em.find(StudioGroupTrainer, { studioGroup }, { populate: ['trainer'] });
  const accountOfTrainer = new Map(links.map((link) => [link.trainer.id, link.trainerAccount.id]));
  const categories = await em.find(DocumentCategory, { studioGroup }, { orderBy: { name: 'asc' } });
  const documents = await em.find(Document, { studioGroup }, { populate: ['category', 'approvedBy', 'rejectedBy'], orderBy: { createdAt: 'desc', id: 'desc' } });
  const today = todayIn(new Date());
  return trainers.map((trainer) => {
    const accountId = accountOfTrainer.get(trainer.id);
    const files = accountId === undefined ? [] : documents.filter((document) => document.trainerAccount.id === accountId).map((document) => managedDocumentOf(document, today));
    return {
      id: trainer.id,
      uuid: trainer.uuid,
      name: trainerDisplayName(trainer),
      fileCount: files.length,
      files,
      accountConnected: accountId !== undefined,
      missingMandatory: missingMandatory(categories, files),
      expiredCount: files.filter((file) => file.expirationStatus === 'Expired' && file.status !== 'rejected').length,
      pendingCount: files.filter((file) => file.status === 'pending').length,
    };
  });
}

/** The trainer record of the group and the document of the trainer's account in that group. */
async function managedDocument(em: EntityManager, studioGroup: StudioGroup, trainerUuid: string, documentUuid: string) {
  const trainer = await em.findOne(Trainer, { uuid: trainerUuid, studioGroup });
  if (!trainer) throw notFound('documents.trainerNotFound');
  const document = await em.findOne(Document, { uuid: documentUuid, studioGroup }, { populate: ['category', 'trainerAccount'] });
  if (!document) throw notFound('documents.notFound');
  const link = await em.findOne(StudioGroupTrainer, { studioGroup, trainer });
  if (!link || link.trainerAccount.id !== document.trainerAccount.id) throw badRequest('documents.trainerMismatch', 'trainerUuid');
  return { trainer, document };
}

type Decision = { kind: 'approve'; expirationDate: string | number } | { kind: 'reject'; rejectReason: string };

/** Approve (with an optional expiry, not before today) or reject (with a reason) a pending document; tells the trainer in the portal. */
export async function decideDocument({
  em,
  studioGroup,
  staffUserId,
  trainerUuid,
  documentUuid,
  decision,
  locale,
}: {
  em: EntityManager;
  studioGroup: StudioGroup;
  staffUserId: number;
  trainerUuid: string;
  documentUuid: string;
  decision: Decision;
  locale: Locale;
}) {
  const { trainer, document } = await managedDocument(em, studioGroup, trainerUuid, documentUuid);
  const now = new Date();
  let expiresAt: string | null = null;
  if (decision.kind === 'approve') {
    const parsed = parseExpirationDate(decision.expirationDate, now);
    if (!parsed.ok) throw badRequest(parsed.reason, 'expirationDate');
    expiresAt = parsed.expiresAt;
  }
  const staff = em.getReference(User, staffUserId);
  await em.transactional(async (tx) => {
    // Only a pending document is decided, once: a second click or a second admin gets a 409.
    const updated = await tx.nativeUpdate(
      Document,
      { id: document.id, approvalStatus: 'pending' },
      decision.kind === 'approve'
        ? { approvalStatus: 'approved', approvedBy: staff, approvedAt: now, expiresAt, expiryRemindedFor: null, rejectionReason: null }
        : { approvalStatus: 'rejected', rejectedBy: staff, rejectedAt: now, rejectionReason: decision.rejectReason || null },
    );
    if (updated === 0) {
      const current = await tx.findOneOrFail(Document, { id: document.id }, { refresh: true });
      throw conflict('documents.notPending', { status: DOCUMENT_APPROVAL_LABELS[current.approvalStatus as DocumentApprovalStatus] });
    }
    const account = await tx.findOneOrFail(TrainerAccount, { id: document.trainerAccount.id });
    const key = decision.kind === 'approve' ? 'documents.notification.approved' : 'documents.notification.rejected';
    tx.create(Notification, {
      trainerAccount: account,
      studioGroup,
      message: translate(account.language, key, { fileName: document.fileName, category: document.category.name, reason: decision.kind === 'reject' ? decision.rejectReason || '—' : '' }),
      link: `/trainer/studio/${studioGroup.uuid}/documents`,
    });
    await tx.flush();
  });
  em.clear();
  const [row] = await listManagerTrainers(em, studioGroup, trainer.uuid);
  return [{ user: { id: row!.id, uuid: row!.uuid, name: row!.name }, files: row!.files, status: 'success' as const, message: translate(locale, decision.kind === 'approve' ? 'documents.approved' : 'documents.rejected') }];
}

/** Staff of the document's group (or an operator): the document and its stored file. */
export async function staffDocument(em: EntityManager, groups: StudioGroup[], documentUuid: string) {
  const document = await em.findOne(Document, { uuid: documentUuid, studioGroup: { $in: groups.map((group) => group.id) } }, { populate: ['category'] });
  // A trainer who disconnected from the group took their documents out of its reach: the manager's
  // list, the ZIP and the decisions go through the connection, and so does the download by id.
  const connected = document ? await em.count(StudioGroupTrainer, { studioGroup: document.studioGroup, trainerAccount: document.trainerAccount }) : 0;
  if (!document || connected === 0) throw notFound('documents.notFound');
  return document;
}

/** A trainer record of one of the caller's groups, with the documents of its linked account. */
export async function staffTrainerDocuments(em: EntityManager, groups: StudioGroup[], trainerUuid: string) {
  const trainer = await em.findOne(Trainer, { uuid: trainerUuid, studioGroup: { $in: groups.map((group) => group.id) } });
  if (!trainer) throw notFound('documents.trainerNotFound');
  const link = await em.findOne(StudioGroupTrainer, { trainer });
  const documents = link ? await em.find(Document, { studioGroup: trainer.studioGroup, trainerAccount: link.trainerAccount }, { populate: ['category'], orderBy: { createdAt: 'asc', id: 'asc' } }) : [];
  return { trainer, documents };
}

export async function fileOf(dataDir: string, document: Document): Promise<string> {
  const absolutePath = await storedDocumentPath(dataDir, document.filePath || (document.sha256 ? documentRelativePath(document.sha256) : ''));
  if (!absolutePath) throw notFound('downloads.fileNotFound');
  return absolutePath;
}

/** `{category}/{file name}` inside the ZIP, unique (a second file of the same name gets ' (2)'). */
export function zipEntryNames(documents: Array<Pick<Document, 'fileName'> & { category: { name: string } }>): string[] {
  const used = new Set<string>();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a ZIP entry name must not hold
  const clean = (value: string) => value.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').trim() || '_';
  return documents.map((document) => {
    const folder = clean(document.category.name);
    const ext = path.extname(document.fileName) || '.pdf';
    const stem = clean(path.basename(document.fileName, ext));
    let name = `${folder}/${stem}${ext}`;
    for (let copy = 2; used.has(name.toLowerCase()); copy++) name = `${folder}/${stem} (${copy})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

// --- staff: categories ----------------------------------------------------------------------------------

const categoryOf = (category: DocumentCategory, documentCount: number): TDocumentCategory => ({
  categoryUuid: category.uuid,
  categoryName: category.name,
  categoryDescription: category.description ?? '',
  isMandatory: category.isMandatory,
  documentCount,
});

async function documentCounts(em: EntityManager, studioGroup: StudioGroup): Promise<Map<number, number>> {
  const rows: Array<{ category_id: number; count: string }> = await em.execute('select category_id, count(*) as count from document where studio_group_id = ? group by category_id', [studioGroup.id]);
  return new Map(rows.map((row) => [row.category_id, Number(row.count)]));
}

export async function listCategories(em: EntityManager, studioGroup: StudioGroup): Promise<TDocumentCategory[]> {
  const categories = await em.find(DocumentCategory, { studioGroup }, { orderBy: { isMandatory: 'desc', name: 'asc', id: 'asc' } });
  const counts = await documentCounts(em, studioGroup);
  return categories.map((category) => categoryOf(category, counts.get(category.id) ?? 0));
}

async function refuseDuplicateName(em: EntityManager, studioGroup: StudioGroup, name: string, exceptId?: number) {
  const same = await em.find(DocumentCategory, { studioGroup });
  if (same.some((category) => category.id !== exceptId && category.name.trim().toLowerCase() === name.trim().toLowerCase())) {
    throw new HttpError(409, 'documents.categoryNameTaken', 'categoryName', { name });
  }
}

export async function saveCategory(em: EntityManager, studioGroup: StudioGroup, input: TDocumentCategoryInput, categoryUuid?: string): Promise<TDocumentCategory> {
  const data = ZDocumentCategoryInput.parse(input);
  let category: DocumentCategory;
  if (categoryUuid) {
    const found = await em.findOne(DocumentCategory, { uuid: categoryUuid, studioGroup });
    if (!found) throw notFound('documents.categoryNotFound');
    await refuseDuplicateName(em, studioGroup, data.categoryName, found.id);
    category = found;
    category.name = data.categoryName;
    category.description = data.categoryDescription || null;
    category.isMandatory = data.isMandatory;
  } else {
    await refuseDuplicateName(em, studioGroup, data.categoryName);
    category = em.create(DocumentCategory, { studioGroup, name: data.categoryName, description: data.categoryDescription || null, isMandatory: data.isMandatory });
  }
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new HttpError(409, 'documents.categoryNameTaken', 'categoryName', { name: data.categoryName });
    throw error;
  }
  const counts = await documentCounts(em, studioGroup);
  return categoryOf(category, counts.get(category.id) ?? 0);
}

/** A category that holds documents stays (they would lose their meaning); an empty one goes. */
export async function deleteCategory(em: EntityManager, studioGroup: StudioGroup, categoryUuid: string) {
  const category = await em.findOne(DocumentCategory, { uuid: categoryUuid, studioGroup });
  if (!category) throw notFound('documents.categoryNotFound');
  const count = await em.count(Document, { category });
  if (count > 0) throw conflict('documents.categoryInUse', { count });
  await em.nativeDelete(DocumentCategory, { id: category.id });
}
