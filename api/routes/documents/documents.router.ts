import fs from 'node:fs/promises';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ZipArchive } from 'archiver';
import { z } from 'zod';
import {
  ZApproveDocumentRequest,
  ZDocumentCategoryDeleted,
  ZDocumentCategoryInput,
  ZDocumentCategoryList,
  ZDocumentCategoryParams,
  ZDocumentCategorySaved,
  ZDocumentDecisionResponse,
  ZDocumentDeleteForm,
  ZDocumentDeleteParams,
  ZDocumentDeleteResponse,
  ZDocumentManagerTrainersResponse,
  ZDocumentUploadForm,
  ZDocumentUploadParams,
  ZDocumentUploadResponse,
  ZRejectDocumentRequest,
  ZTrainerDocumentsParams,
  ZTrainerDocumentsResponse,
  type TDocumentUploadResponse,
} from '../../../contracts/documents.contract';
import { MAX_DOCUMENT_BYTES, sanitizeDocumentFileName } from '../../../domain/documents/upload-checks';
import { DEFAULT_DOCUMENT_UPLOAD_LIMITS, type DocumentUploadLimits } from '../../../config/env';
import { postgresRateLimit } from '../../auth/rate-limit-store';
import { authOf, requireAuth } from '../../auth/sessions';
import { studioGroupOf, studioGroupsOf } from '../../auth/tenancy';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { authenticateDownload, type DownloadDeps } from '../../downloads/downloads.router';
import { HttpError, badRequest } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import { PdfCheckPool } from './pdf-check-pool';
import {
  decideDocument,
  deleteCategory,
  documentQuotaRefusal,
  deleteOwnDocument,
  fileOf,
  listCategories,
  listManagerTrainers,
  listTrainerDocuments,
  ownDocument,
  recordUpload,
  saveCategory,
  staffDocument,
  staffTrainerDocuments,
  zipEntryNames,
} from './documents.service';

// Documents: the trainer's page data under /api/v2, the staff's document manager and
// categories under /api/v1/{g}, and the form posts and downloads the specs name outside /api
// (/{locale}/trainer/document/..., /admin/document-manager/...), mounted before the SPA fallback.

// The delete is a form post in the spec (studioGroupUuid, userUuid): urlencoded, or JSON (app-wide parser).
const expressForm = express.urlencoded({ extended: false, limit: '10kb' });
const ZFile = z.string().describe('The file.');
const ZTokenQuery = z.object({ token: z.string().optional().describe("A signed link's token (POST .../downloads/sign), instead of the x-user / x-api-key headers.") });
const ZDocumentParams = z.object({ documentUuid: z.uuid({ error: 'validation.uuid' }) });
const ZTrainerDownloadParams = ZDocumentParams.extend({ locale: z.string().regex(/^[a-z]{2}$/, 'validation.invalid') });
const ZZipParams = z.object({ trainerUuid: z.uuid({ error: 'validation.uuid' }) });

/** GET /api/v2/{studioGroupUuid}/trainer_account/documents/{user} (trainer portal 7): mounted under /api/v2. */
export function createTrainerDocumentsRouter({ pdfCheck }: { pdfCheck: PdfCheckPool }) {
  const router = Router();
  const schemas = { params: ZTrainerDocumentsParams, response: ZTrainerDocumentsResponse, summary: "The documents page: the group's categories with the trainer's own documents (trainer portal 3)." };
  router.get('/:studioGroupUuid/trainer_account/documents/:user', requireTrainer, requireOwnUser, validate(schemas), async (req, res) => {
    const { params } = validated(req, schemas);
    // The upload starts from this page: the check thread gets ready while the trainer picks a file.
    pdfCheck.warm();
    res.json(await listTrainerDocuments(requestEntityManager(), authOf(req), params.studioGroupUuid));
  });
  return router;
}

/** Under /api/v1/{g} (staff of the group): the document manager (2.18) and the categories (settings). */
export function createDocumentManagerRouter({ pdfCheck }: { pdfCheck: PdfCheckPool }) {
  const router = Router({ mergeParams: true });
  const trainersSchemas = { response: ZDocumentManagerTrainersResponse, summary: 'Document manager: every trainer of the group with their documents, missing mandatory categories and expired documents (admin 2.18).' };
  router.get('/document-manager/trainers', validate(trainersSchemas), async (req, res) => {
    // A document opened from this list is checked before it is served: the thread gets ready meanwhile.
    pdfCheck.warm();
    res.json(await listManagerTrainers(requestEntityManager(), studioGroupOf(req)));
  });
  /** Approve and reject alike: staff of the path's group decide on a pending document of their trainer. */
  const decide = (req: Request, body: { userUuid?: string; trainerUuid: string; documentUuid: string }, decision: Parameters<typeof decideDocument>[0]['decision']) => {
    if (body.userUuid && body.userUuid !== authOf(req).userUuid) throw new HttpError(403, 'documents.notYourUser', 'userUuid');
    return decideDocument({
      em: requestEntityManager(),
      studioGroup: studioGroupOf(req),
      staffUserId: authOf(req).userId,
      trainerUuid: body.trainerUuid,
      documentUuid: body.documentUuid,
      decision,
      locale: localeOf(req),
    });
  };
  const approveSchemas = { body: ZApproveDocumentRequest, response: ZDocumentDecisionResponse, summary: 'Approves a pending document, with an optional expiry (no_expiration_date or a Unix timestamp not before today).' };
  router.post('/document-manager/approve', validate(approveSchemas), async (req, res) => {
    const { body } = validated(req, approveSchemas);
    res.json(await decide(req, body, { kind: 'approve', expirationDate: body.expirationDate }));
  });
  const rejectSchemas = { body: ZRejectDocumentRequest, response: ZDocumentDecisionResponse, summary: 'Rejects a pending document with a reason.' };
  router.post('/document-manager/reject', validate(rejectSchemas), async (req, res) => {
    const { body } = validated(req, rejectSchemas);
    res.json(await decide(req, body, { kind: 'reject', rejectReason: body.rejectReason }));
  });

  const listSchemas = { response: ZDocumentCategoryList, summary: "The group's document categories (name, description, mandatory) with their document counts." };
  router.get('/document-categories', validate(listSchemas), async (req, res) => {
    res.json(await listCategories(requestEntityManager(), studioGroupOf(req)));
  });
  const createSchemas = { body: ZDocumentCategoryInput, response: ZDocumentCategorySaved, responses: { 201: ZDocumentCategorySaved }, summary: 'Adds a document category.' };
  router.post('/document-categories', validate(createSchemas), async (req, res) => {
    const { body } = validated(req, createSchemas);
    const category = await saveCategory(requestEntityManager(), studioGroupOf(req), body);
    res.status(201).json({ status: 'success', message: t(req, 'documents.categorySaved'), category });
  });
  const updateSchemas = { params: ZDocumentCategoryParams.pick({ categoryUuid: true }), body: ZDocumentCategoryInput, response: ZDocumentCategorySaved, summary: 'Changes a document category.' };
  router.put('/document-categories/:categoryUuid', validate(updateSchemas), async (req, res) => {
    const { params, body } = validated(req, updateSchemas);
    const category = await saveCategory(requestEntityManager(), studioGroupOf(req), body, params.categoryUuid);
    res.json({ status: 'success', message: t(req, 'documents.categorySaved'), category });
  });
  const deleteSchemas = { params: ZDocumentCategoryParams.pick({ categoryUuid: true }), response: ZDocumentCategoryDeleted, summary: 'Deletes a document category that holds no documents (409 otherwise).' };
  router.delete('/document-categories/:categoryUuid', validate(deleteSchemas), async (req, res) => {
    const { params } = validated(req, deleteSchemas);
    await deleteCategory(requestEntityManager(), studioGroupOf(req), params.categoryUuid);
    res.json({ status: 'success', message: t(req, 'documents.categoryDeleted') });
  });
  return router;
}

// One file in `file`, at most 3 MB, kept in memory (it is checked before anything is stored);
// multer stops reading at the limit, so an oversized body is never buffered whole. Browsers send the
// file name as UTF-8 bytes; busboy's default (latin1) would store `Übung.pdf` as `Ãbung.pdf`.
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });

const receiveFile: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next(badRequest('documents.fileMissing', 'file'));
  upload.single('file')(req, res, (error?: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, 'documents.fileTooLarge', 'file'));
      if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return next(badRequest('documents.tooManyFiles', 'file'));
      return next(badRequest('validation.fieldMessage', error.field ?? 'body', { field: error.field ?? 'body', reason: 'validation.invalid' }));
    }
    next(badRequest('documents.fileMissing', 'file'));
  });
};

const MB = 1024 * 1024;

/**
 * Refuses uploads while DATA_DIR's file system has less than the configured floor free (decision
 * 0067): with `npm start` the embedded PostgreSQL writes to the same disk, and a database that runs
 * out of space stops every studio group, not just uploads. Checked before the body is read.
 */
const requireFreeSpace = (dataDir: string, minFreeMb: number): RequestHandler => async (_req, _res, next) => {
  const stats = await fs.statfs(dataDir).catch(() => undefined);
  if (!stats) return next();
  const freeBytes = stats.bavail * stats.bsize;
  if (freeBytes >= minFreeMb * MB) return next();
  console.warn(`documents: upload refused, ${Math.floor(freeBytes / MB)} MB free in ${dataDir}, below UPLOAD_MIN_FREE_MB (${minFreeMb})`);
  next(new HttpError(507, 'documents.storageFull'));
};

/**
 * A stored upload opens in the browser (the trainer's new tab, the admin's side panel) in a sandbox
 * of its own origin, and only when it passes today's content check: a file stored before active
 * content was refused, or before the decode budget, downloads as an attachment instead (decision 0066).
 * Browsers' PDF viewers run a PDF's JavaScript even in a sandboxed frame; an attachment is not opened.
 */
const streamFile = async ({ res, next, pdfCheck, absolutePath, fileName }: { res: Response; next: NextFunction; pdfCheck: PdfCheckPool; absolutePath: string; fileName: string }) => {
  const verdict = await pdfCheck.check(await fs.readFile(absolutePath));
  res.attachment(fileName);
  if (verdict.ok) res.setHeader('content-disposition', (res.getHeader('content-disposition') as string).replace(/^attachment/, 'inline'));
  res.setHeader('content-security-policy', `${String(res.getHeader('content-security-policy') ?? "default-src 'none'")}; sandbox`);
  res.type('application/pdf');
  res.setHeader('cache-control', 'private, no-store');
  res.sendFile(absolutePath, { dotfiles: 'allow', cacheControl: false }, (error) => {
    if (error && !res.headersSent) next(new HttpError(404, 'downloads.fileNotFound'));
  });
};

export type DocumentFormsDeps = DownloadDeps & { orm: MikroORM; pdfCheck: PdfCheckPool; uploadLimits?: DocumentUploadLimits };

/** The form posts and downloads outside /api (trainer portal 2 / 7, admin 2.18): mounted in app.ts before /api and the SPA. */
export function createDocumentFormsRouter(deps: DocumentFormsDeps) {
  const router = Router();
  const limits = deps.uploadLimits ?? DEFAULT_DOCUMENT_UPLOAD_LIMITS;
  const { pdfCheck } = deps;
  // Every attempt counts, refused ones too: a refused file cost a check as much as an accepted one.
  const uploadLimiter = postgresRateLimit({
    orm: deps.orm,
    prefix: 'document-upload',
    windowMs: 60 * 60_000,
    limit: limits.uploadsPerHour,
    keyGenerator: (req) => `user|${authOf(req).userUuid}`,
    handler: (req, res) => void res.status(429).json({ status: 'error', message: t(req, 'documents.tooManyUploads') }),
  });

  const uploadSchemas = {
    params: ZDocumentUploadParams,
    body: ZDocumentUploadForm,
    consumes: 'multipart/form-data',
    response: ZDocumentUploadResponse,
    summary:
      "Uploads a PDF for the caller's own documents in a category of a connected studio group: checked by content in a capped thread (400: not a PDF, unreadable, unpacking too much, active content), at most 3 MB (413), within the account's quota (409), a rate limit (429) and the server's free-space floor (507).",
  } as const;
  router.post('/:locale/trainer/document/upload/:studioGroupUuid/:categoryUuid', requireAuth, requireTrainer, uploadLimiter, requireFreeSpace(deps.dataDir, limits.minFreeMb), receiveFile, validate(uploadSchemas), async (req, res) => {
    const { params, body } = validated(req, uploadSchemas);
    const auth = authOf(req);
    if (body.userUuid && body.userUuid !== auth.userUuid) throw new HttpError(403, 'documents.notYourUser', 'userUuid');
    if (body.studioGroupUuid && body.studioGroupUuid !== params.studioGroupUuid) throw badRequest('documents.wrongStudioGroup', 'studioGroupUuid');
    const file = req.file;
    if (!file) throw badRequest('documents.fileMissing', 'file');
    for (const candidate of [file.originalname, body.filename].filter((value): value is string => Boolean(value))) {
      const name = sanitizeDocumentFileName(candidate);
      if (!name.ok && name.reason === 'documents.fileNamePath') throw badRequest(name.reason, 'filename');
    }
    const name = sanitizeDocumentFileName(body.filename || file.originalname);
    if (!name.ok) throw badRequest(name.reason, 'filename');
    // The quota first: it costs one query, the content check a thread's time.
    const overQuota = await documentQuotaRefusal(requestEntityManager(), auth.userId, file.size, limits);
    if (overQuota) throw overQuota;
    const content = await pdfCheck.check(file.buffer);
    if (!content.ok) throw content.reason === 'documents.fileTooLarge' ? new HttpError(413, content.reason, 'file') : badRequest(content.reason, 'file');
    const document = await recordUpload({
      limits,
      em: requestEntityManager(),
      auth,
      dataDir: deps.dataDir,
      studioGroupUuid: params.studioGroupUuid,
      categoryUuid: params.categoryUuid,
      fileName: name.value,
      bytes: file.buffer,
    });
    const answer: TDocumentUploadResponse = { status: 'success', message: t(req, 'documents.uploaded', { fileName: document.fileName }), documentUuid: document.uuid };
    res.json(answer);
  });

  const deleteSchemas = {
    params: ZDocumentDeleteParams,
    body: ZDocumentDeleteForm,
    response: ZDocumentDeleteResponse,
    summary: "Deletes the caller's own document; an approved one is refused (409: the studio relies on it).",
  } as const;
  router.post('/:locale/trainer/document/delete/:documentUuid', requireAuth, requireTrainer, expressForm, validate(deleteSchemas), async (req, res) => {
    const { params, body } = validated(req, deleteSchemas);
    const auth = authOf(req);
    if (body.userUuid && body.userUuid !== auth.userUuid) throw new HttpError(403, 'documents.notYourUser', 'userUuid');
    const { fileName } = await deleteOwnDocument({ em: requestEntityManager(), auth, dataDir: deps.dataDir, documentUuid: params.documentUuid, studioGroupUuid: body.studioGroupUuid });
    res.json({ status: 'success', message: t(req, 'documents.deleted', { fileName }) });
  });

  const fileSchemas = <P extends z.ZodType>(summary: string, params: P) => ({ params, query: ZTokenQuery, response: ZFile, produces: 'application/pdf', access: 'signed-link', summary }) as const;
  const trainerDownload = fileSchemas("The caller's own document (PDF, inline in a sandbox; an attachment if it fails today's content check); headers or a signed link.", ZTrainerDownloadParams);
  router.get('/:locale/trainer/document/download/:documentUuid', validate(trainerDownload), authenticateDownload(deps.secret), async (req, res, next) => {
    const { params } = validated(req, trainerDownload);
    const document = await ownDocument(requestEntityManager(), authOf(req), params.documentUuid);
    await streamFile({ res, next, pdfCheck, absolutePath: await fileOf(deps.dataDir, document), fileName: document.fileName });
  });

  const adminDownload = fileSchemas("A trainer's document for staff of its group (PDF, inline in a sandbox; an attachment if it fails today's content check); headers or a signed link.", ZDocumentParams);
  router.get('/admin/document-manager/download/:documentUuid', validate(adminDownload), authenticateDownload(deps.secret), async (req, res, next) => {
    const { params } = validated(req, adminDownload);
    const auth = authOf(req);
    if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
    const document = await staffDocument(requestEntityManager(), await studioGroupsOf(auth), params.documentUuid);
    await streamFile({ res, next, pdfCheck, absolutePath: await fileOf(deps.dataDir, document), fileName: document.fileName });
  });

  const zipSchemas = { params: ZZipParams, query: ZTokenQuery, response: ZFile, produces: 'application/zip', access: 'signed-link', summary: "All of a trainer's documents as a ZIP (a folder per category); headers or a signed link." } as const;
  router.get('/admin/document-manager/trainer/:trainerUuid/download-all', validate(zipSchemas), authenticateDownload(deps.secret), async (req, res) => {
    const { params } = validated(req, zipSchemas);
    const auth = authOf(req);
    if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
    const { trainer, documents } = await staffTrainerDocuments(requestEntityManager(), await studioGroupsOf(auth), params.trainerUuid);
    const paths = await Promise.all(documents.map((document) => fileOf(deps.dataDir, document)));
    const names = zipEntryNames(documents);
    res.attachment(`documents-${(trainer.lastname ?? trainer.sourceId ?? trainer.uuid).replace(/[^\w-]+/g, '_')}.zip`);
    res.type('application/zip');
    res.setHeader('cache-control', 'private, no-store');
    const zip = new ZipArchive({ zlib: { level: 6 } });
    zip.on('error', (error: Error) => res.destroy(error));
    zip.pipe(res);
    paths.forEach((absolutePath, index) => zip.file(absolutePath, { name: names[index]! }));
    await zip.finalize();
  });
  return router;
}
