import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import {
  ZBulkInvitationAnswer,
  ZBulkInvitationRequest,
  ZFirstMonthChecklist,
  ZTrainerCsvImported,
  ZTrainerCsvUpload,
  type TBulkInvitationAnswer,
  type TTrainerCsvImported,
  type TTrainerCsvRowError,
} from '../../../contracts/first-month.contract';
import { translate } from '../../../domain/messages';
import { studioGroupOf } from '../../auth/tenancy';
import { badRequest, HttpError } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import type { LinkDeps } from '../account-links/invitations.service';
import { firstMonthChecklist, inviteTrainers, knownTrainers, saveTrainerRows } from './first-month.service';
import { MAX_TRAINER_CSV_ROWS, parseTrainersCsv } from './first-month.trainer-csv';

/** A trainer file of a few thousand rows is a few hundred KB; more is not a trainer list. */
export const MAX_TRAINER_CSV_BYTES = 1024 * 1024;

const schemas = {
  checklist: {
    response: ZFirstMonthChecklist,
    summary: "A new studio group's first month: each item of the checklist (done/open/attention) with its numbers and the screen that fixes it, read from the group's real data.",
  },
  trainerCsv: {
    body: ZTrainerCsvUpload,
    consumes: 'multipart/form-data',
    response: ZTrainerCsvImported,
    summary:
      'Creates and updates trainer records from a CSV file (`file`, at most 1 MB), keyed by source_id: all rows or none; a bad file is refused (400) with every error (line, column, reason in the caller\'s language) in `errors`.',
  },
  invitations: {
    body: ZBulkInvitationRequest,
    response: ZBulkInvitationAnswer,
    summary: "Sends the trainer page's portal invitation to each trainer (default: all with an e-mail address never invited); answers how many were sent and who was skipped and why. A trainer already invited is never sent a second one.",
  },
} as const;

// One file in `file`, in memory (it is checked whole before anything is stored); multer stops
// reading at the limit, so an oversized body is never buffered whole.
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: MAX_TRAINER_CSV_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });

const receiveFile: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next(badRequest('firstMonth.csv.fileMissing', 'file'));
  upload.single('file')(req, res, (error?: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, 'firstMonth.csv.tooLarge', 'file', { megabytes: MAX_TRAINER_CSV_BYTES / 1024 / 1024 }));
    next(badRequest('firstMonth.csv.fileMissing', 'file'));
  });
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Mounted under /api/v1/:g (staff of the group): the first-month checklist, the trainer CSV and the bulk invitation. */
export function createFirstMonthRouter(deps: LinkDeps) {
  const router = Router({ mergeParams: true });

  router.get('/first-month', validate(schemas.checklist), async (req, res) => {
    res.json(await firstMonthChecklist(studioGroupOf(req)));
  });

  router.post('/trainers/csv', receiveFile, validate(schemas.trainerCsv), async (req, res) => {
    const group = studioGroupOf(req);
    const locale = localeOf(req);
    if (!req.file) throw badRequest('firstMonth.csv.fileMissing', 'file');
    let text: string;
    try {
      text = utf8.decode(req.file.buffer);
    } catch {
      throw badRequest('firstMonth.csv.notUtf8', 'file');
    }
    if (text.split('\n').length - 1 > MAX_TRAINER_CSV_ROWS) throw badRequest('firstMonth.csv.tooManyRows', 'file', { rows: MAX_TRAINER_CSV_ROWS });
    const parsed = parseTrainersCsv(text, await knownTrainers(group));
    if (!parsed.ok) {
      const errors: TTrainerCsvRowError[] = parsed.errors.map((error) => {
        const reason = translate(locale, error.reason, error.params);
        const message = error.column ? translate(locale, 'firstMonth.csv.rowError', { line: error.line, column: error.column, reason }) : translate(locale, 'firstMonth.csv.lineError', { line: error.line, reason });
        return { line: error.line, column: error.column, reason, message };
      });
      res.status(400).json({ status: 'error', message: t(req, 'firstMonth.csv.hasErrors', { count: errors.length }), field: 'file', errors });
      return;
    }
    const saved = await saveTrainerRows(group, parsed.rows);
    const answer: TTrainerCsvImported = { status: 'success', message: t(req, 'firstMonth.csv.saved', saved), ...saved };
    res.json(answer);
  });

  router.post('/trainers/invitations', validate(schemas.invitations), async (req, res) => {
    const { body } = validated(req, schemas.invitations);
    const result = await inviteTrainers(deps, studioGroupOf(req), body.trainerUuids, localeOf(req));
    const answer: TBulkInvitationAnswer = { status: 'success', message: t(req, 'firstMonth.invitations.done', { sent: result.sent, skipped: result.skipped.length }), ...result };
    res.json(answer);
  });

  return router;
}
