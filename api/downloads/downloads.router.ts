import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ZSignDownloadRequest, ZSignDownloadResponse, type TSignDownloadResponse } from '../../contracts/credit-note-list.contract';
import { authOf, authOfSession, findLiveSessionById, requireAuth } from '../auth/sessions';
import { HttpError, badRequest } from '../http/errors';
import { z } from 'zod';
import { validate, validated, type ContractMiddleware, type Schemas, type TMediaType } from '../http/validate';
import { canonicalDownloadRequest, signDownloadToken, verifyDownloadToken } from './tokens';
import {
  ACCOUNTING_FILE_SLUGS,
  accountingFileTarget,
  payoutFileTarget,
  creditNoteTarget,
  creditNoteTargetOf,
  groupExportTarget,
  parseDownloadPath,
  resolveDownload,
  type DownloadTarget,
} from './downloads.service';
import { requestEntityManager } from '../http/entity-manager';

// The download routes (admin 2.12 / 7, trainer portal 2). Mounted in app.ts BEFORE /api's header
// check and the SPA fallback: /admin/... and /{locale}/trainer/... are also page paths of the web app.

export type DownloadDeps = { dataDir: string; secret: () => Promise<Buffer> };

const pathnameOf = (req: Request) => new URL(req.originalUrl, 'http://local').pathname;

/**
 * Either the usual x-user/x-api-key headers, or `?token=` (a signed link, see tokens.ts) for the
 * browser's navigation. The token stands for the session that signed it, for this one request and
 * only while that session lives (a log-out or a password change ends it); the route's own rules
 * (staff of the group, the trainer's own credit note) apply exactly as with headers.
 */
export function authenticateDownload(secret: () => Promise<Buffer>): RequestHandler {
  return async (req, res, next) => {
    if (req.header('x-user') || req.header('x-api-key')) return requireAuth(req, res, next);
    const fields = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown> | undefined) ?? {}) };
    const token = fields.token;
    if (typeof token !== 'string' || !token) return next(new HttpError(401, 'downloads.signInOrLink'));
    const check = verifyDownloadToken({ secret: await secret(), request: canonicalDownloadRequest(pathnameOf(req), fields), token });
    if (!check.ok) return next(new HttpError(403, check.reason === 'expired' ? 'downloads.linkExpired' : 'downloads.linkInvalid'));
    const session = await findLiveSessionById(requestEntityManager(), check.sessionId);
    if (!session || session.user.uuid !== check.userUuid) return next(new HttpError(403, 'downloads.linkSessionEnded'));
    req.auth = authOfSession(session);
    next();
  };
}

async function send(req: Request, res: Response, next: NextFunction, target: DownloadTarget, dataDir: string) {
  const file = await resolveDownload({ em: requestEntityManager(), auth: authOf(req), dataDir, target });
  // A credit note opens in the browser's PDF viewer (the link opens a new tab); the run's files download.
  res.attachment(file.fileName);
  if (file.contentType === 'application/pdf') res.setHeader('content-disposition', (res.getHeader('content-disposition') as string).replace(/^attachment/, 'inline'));
  res.type(file.contentType);
  res.setHeader('cache-control', 'private, no-store');
  res.sendFile(file.absolutePath, { dotfiles: 'allow', cacheControl: false }, (error) => {
    if (error && !res.headersSent) next(new HttpError(404, 'downloads.fileNotFound'));
  });
}

/** The spec's form fields of the admin's credit-note PDF download, all optional here (the target parser names a missing one). */
const ZPdfFields = z.object({
  settlementMonth: z.string().optional(),
  settlementUuid: z.string().optional(),
  studioGroupUuid: z.string().optional(),
  trainerUuid: z.string().optional(),
  token: z.string().optional().describe('A signed link\'s token (POST .../downloads/sign), instead of the x-user / x-api-key headers.'),
});
const ZTokenQuery = ZPdfFields.pick({ token: true });
const ZFile = z.string().describe('The file.');

/** A download route's contract: a file, by headers or a signed `?token=` (DESIGN "Security"). */
const fileContract = (produces: TMediaType, summary: string, extra: Pick<Schemas, 'query' | 'body' | 'consumes'> = { query: ZTokenQuery }) =>
  validate({ ...extra, response: ZFile, produces, access: 'signed-link', summary });

const ACCOUNTING_FILE_CONTRACTS: Record<(typeof ACCOUNTING_FILE_SLUGS)[number], ContractMiddleware> = {
  'sepa-xml': fileContract('application/xml', 'The run\'s SEPA credit-transfer file (pain.001.001.09).'),
  'credit-notes-zip': fileContract('application/zip', 'The run\'s credit notes as a ZIP of PDFs.'),
  'studio-costs-csv': fileContract('text/csv', 'The run\'s studio costs per month (CSV).'),
  'datev-extf': fileContract('text/csv', 'The run\'s DATEV booking batch (DATEV-Format EXTF 700, category 21 Buchungsstapel; Windows-1252, \';\'): one booking per credit note and cancellation.'),
  'payout-returns-csv': fileContract('text/csv', 'The run\'s returns CSV for the accountant: the rejected and returned payouts no earlier accounting e-mail carried (returned amount, fee, reason, bank booking date and reference) and their repayments, with totals (UTF-8, \';\' and decimal comma in German).'),
  'datev-creditors': fileContract('text/csv', 'The run\'s trainers as DATEV creditors (DATEV-Format EXTF 700, category 16 Debitoren/Kreditoren; Windows-1252): name, address, IBAN.'),
};

/** Parses the target first (a bad file name is a 400 before anything is looked up), then authenticates. */
function download(deps: DownloadDeps, targetOf: (req: Request) => DownloadTarget): RequestHandler[] {
  const parse: RequestHandler = (req, res, next) => {
    res.locals.downloadTarget = targetOf(req);
    next();
  };
  const serve: RequestHandler = (req, res, next) => send(req, res, next, res.locals.downloadTarget as DownloadTarget, deps.dataDir);
  return [parse, authenticateDownload(deps.secret), serve];
}

export function createDownloadsRouter(deps: DownloadDeps) {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });

  for (const slug of ACCOUNTING_FILE_SLUGS) {
    router.get(`/api/v1/:g/settlement/:settlementUuid/run/:settlementRunUuid/${slug}`, ACCOUNTING_FILE_CONTRACTS[slug], ...download(deps, (req) => accountingFileTarget(req.params, slug)));
  }
  router.get(
    '/api/v1/:g/export/:exportUuid/download',
    fileContract('application/zip', 'A finished export of the whole studio group: the ZIP with its manifest (staff of the group and operators).'),
    ...download(deps, (req) => groupExportTarget(req.params)),
  );
  router.get(
    '/api/v1/:g/payouts/sepa/:messageId',
    fileContract('application/xml', 'A "pay again" SEPA file (pain.001.001.09) of rejected/returned payouts, by its MsgId (payouts).'),
    ...download(deps, (req) => payoutFileTarget({ g: req.params.g as string, messageId: req.params.messageId as string })),
  );
  router.get(
    '/admin/credit-note/download/:spec',
    fileContract('application/pdf', 'A credit note PDF for staff: {spec} = {studioGroupUuid},{month},{trainerUuid},{filename}.'),
    ...download(deps, (req) => creditNoteTarget('admin', req.params.spec as string)),
  );
  const pdfFields = (req: Request) => creditNoteTargetOf('admin', { ...(req.query as Record<string, string>), ...((req.body as Record<string, string> | undefined) ?? {}) });
  router.get('/admin/settlement/v2/download-credit-note-pdf', fileContract('application/pdf', 'A trainer\'s credit note PDF of a settlement (spec 2.12 download post, as a query).', { query: ZPdfFields }), ...download(deps, pdfFields));
  router.post(
    '/admin/settlement/v2/download-credit-note-pdf',
    form,
    fileContract('application/pdf', 'A trainer\'s credit note PDF of a settlement (spec 2.12 download post, form-encoded).', { body: ZPdfFields, consumes: 'application/x-www-form-urlencoded' }),
    ...download(deps, pdfFields),
  );
  router.get(
    '/:locale/trainer/credit-note/download/:spec',
    fileContract('application/pdf', 'A trainer\'s own credit note PDF: {spec} = {studioGroupUuid},{month},{trainerUuid},{filename}.'),
    ...download(deps, (req) => creditNoteTarget('trainer', req.params.spec as string)),
  );
  // A credit note's XRechnung (CII, German CIUS), beside the PDF routes, same access rules.
  router.get(
    '/admin/credit-note/xrechnung/:spec',
    fileContract('application/xml', 'A credit note\'s XRechnung for staff: {spec} = {studioGroupUuid},{month},{trainerUuid},{number}.xrechnung.xml.'),
    ...download(deps, (req) => creditNoteTarget('admin', req.params.spec as string, 'xrechnung')),
  );
  router.get(
    '/:locale/trainer/credit-note/xrechnung/:spec',
    fileContract('application/xml', 'A trainer\'s own credit note as XRechnung: {spec} = {studioGroupUuid},{month},{trainerUuid},{number}.xrechnung.xml.'),
    ...download(deps, (req) => creditNoteTarget('trainer', req.params.spec as string, 'xrechnung')),
  );
  return router;
}

/**
 * POST …/downloads/sign {path} → {url}: a five-minute link for the caller, only for a file the
 * caller may download now (same checks as the download). `studioGroupUuid`: the v1 call signs only
 * paths of its own studio group.
 */
export function createDownloadSignRouter(deps: DownloadDeps & { scope: 'studio-group' | 'any' }) {
  const router = Router({ mergeParams: true });
  const schemas = { body: ZSignDownloadRequest, response: ZSignDownloadResponse, summary: 'Signs a download path for the caller: a link valid five minutes (only for a file the caller may download now).' };
  router.post('/downloads/sign', validate(schemas), async (req, res) => {
    const { body } = validated(req, schemas);
    const url = new URL(body.path, 'http://local');
    if (url.origin !== 'http://local') throw badRequest('downloads.pathNotDownload', 'path');
    url.searchParams.delete('token');
    const fields = Object.fromEntries(url.searchParams);
    const target = parseDownloadPath(url.pathname, fields);
    if (!target) throw badRequest('downloads.pathNotDownload', 'path');
    if (deps.scope === 'studio-group' && 'studioGroupUuid' in target && target.studioGroupUuid !== String(req.params.g).toLowerCase()) throw badRequest('downloads.pathNotDownload', 'path');
    const auth = authOf(req);
    await resolveDownload({ em: requestEntityManager(), auth, dataDir: deps.dataDir, target });
    const now = Date.now();
    const token = signDownloadToken({ secret: await deps.secret(), request: canonicalDownloadRequest(url.pathname, fields), userUuid: auth.userUuid, sessionId: auth.sessionId, now });
    url.searchParams.set('token', token);
    const answer: TSignDownloadResponse = { url: `${url.pathname}${url.search}`, expiresAt: new Date(now + 5 * 60_000).toISOString() };
    res.json(answer);
  });
  return router;
}

/** Signs a path for a caller in code (lists answer ready-to-open links), bound to the caller's session. */
export async function signedUrl(deps: Pick<DownloadDeps, 'secret'>, caller: { userUuid: string; sessionId: number }, path: string): Promise<string> {
  const url = new URL(path, 'http://local');
  const token = signDownloadToken({
    secret: await deps.secret(),
    request: canonicalDownloadRequest(url.pathname, Object.fromEntries(url.searchParams)),
    userUuid: caller.userUuid,
    sessionId: caller.sessionId,
  });
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}`;
}
