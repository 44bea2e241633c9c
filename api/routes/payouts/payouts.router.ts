import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import {
  BANK_FILE_MAX_BYTES,
  ZBankStatementAccepted,
  ZBankStatementDetail,
  ZBankStatementList,
  ZBankStatementParams,
  ZPayAgainRequest,
  ZPayAgainResponse,
  ZPayoutList,
  ZPayoutListQuery,
} from '../../../contracts/payouts.contract';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { requestEntityManager } from '../../http/entity-manager';
import { HttpError, badRequest } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { acceptBankFile, BankFileRefusal, getBankStatement, listBankStatements, listPayouts, payAgain, payoutsCsv } from './payouts.service';

// Payouts (decision 0115), mounted under /api/v1/:g (staff of the group only).

// One file in `file`, kept in memory up to the cap: its head is checked before anything is stored;
// multer stops reading at the cap, so a larger body is never buffered whole.
const upload = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: BANK_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });

const receiveFile: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next(badRequest('payouts.upload.noFile', 'file'));
  upload.single('file')(req, res, (error?: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, 'payouts.upload.tooLarge', 'file', { max: BANK_FILE_MAX_BYTES / 1024 / 1024 }));
    next(badRequest('payouts.upload.noFile', 'file'));
  });
};

const uploadSchemas = {
  body: z.object({}).passthrough(),
  consumes: 'multipart/form-data',
  responses: { 202: ZBankStatementAccepted },
  summary:
    "Uploads a bank file (camt.053 .001.02/.001.08, camt.054, pain.002) in the multipart field `file`, at most 50 MB (413). Its head is checked first: kind, account = the group's payout IBAN, currency EUR; a status report must answer a payout file of the group. Bad input and a file already uploaded (same MsgId, account, sequence: answer names when and by whom) are 400 and change nothing; a file whose earlier upload broke off unread (failed) is taken. Else the file is stored, its workflow started: 202 with the bank file's uuid.",
} as const;
const listSchemas = { response: ZBankStatementList, summary: 'The bank files uploaded for the group, newest first, with state, reading progress and counts.' } as const;
const detailSchemas = { params: ZBankStatementParams, response: ZBankStatementDetail, summary: "One bank file: state, counts and the entries that changed no payout, each with why in the caller's language." } as const;
const payoutListSchemas = {
  query: ZPayoutListQuery,
  response: ZPayoutList,
  summary: "The group's payouts (one per SEPA payment written), filtered by status (may repeat), settlement month (YYYY-MM) and a trainer search; paged (page, itemsPerPage ≤ 500), with totals per status.",
} as const;
const payoutCsvSchemas = {
  query: ZPayoutListQuery.omit({ page: true, itemsPerPage: true }),
  response: z.string().describe('CSV: UTF-8 with BOM, ";" between fields, decimal comma; cells neutralised against spreadsheet formulas.'),
  produces: 'text/csv',
  summary: 'The payouts matching the filters as CSV (every row, not paged), named payouts.csv.',
} as const;
const payAgainSchemas = {
  body: ZPayAgainRequest,
  responses: { 201: ZPayAgainResponse },
  summary:
    'Pays rejected/returned payouts again now: a SEPA pain.001 file of repayments (new end-to-end id `…-R1`, `repays` → the first), for the listed payouts or every one not yet repaid whose trainer may be paid. 201 with the file\'s download path (sign it with …/downloads/sign); 422 naming a payout that cannot be paid again, or when there is none; nothing is written then.',
} as const;

export function createPayoutsRouter({ temporal, dataDir }: { temporal: Client; dataDir: string }) {
  const router = Router({ mergeParams: true });

  router.post('/bank-statement', receiveFile, validate(uploadSchemas), async (req, res) => {
    const file = req.file;
    if (!file || file.size === 0) throw badRequest(file ? 'bankFile.empty' : 'payouts.upload.noFile', 'file');
    try {
      const accepted = await acceptBankFile({ em: requestEntityManager(), temporal, dataDir, group: studioGroupOf(req), user: { id: authOf(req).userId }, locale: localeOf(req), file });
      res.status(202).json(accepted);
    } catch (error) {
      if (!(error instanceof BankFileRefusal)) throw error;
      res.status(400).json({ status: 'error', message: t(req, error.messageKey, error.params), field: 'file', ...error.extra });
    }
  });
  router.get('/bank-statements', validate(listSchemas), async (req, res) => {
    res.json(await listBankStatements(requestEntityManager(), studioGroupOf(req), localeOf(req)));
  });
  router.get('/bank-statement/:bankFileUuid', validate(detailSchemas), async (req, res) => {
    const { params } = validated(req, detailSchemas);
    res.json(await getBankStatement(requestEntityManager(), studioGroupOf(req), params.bankFileUuid, localeOf(req)));
  });
  router.get('/payouts', validate(payoutListSchemas), async (req, res) => {
    const { query } = validated(req, payoutListSchemas);
    res.json(await listPayouts(requestEntityManager(), studioGroupOf(req), query, localeOf(req)));
  });
  router.get('/payouts.csv', validate(payoutCsvSchemas), async (req, res) => {
    const { query } = validated(req, payoutCsvSchemas);
    const csv = await payoutsCsv(requestEntityManager(), studioGroupOf(req), query, localeOf(req));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="payouts.csv"');
    res.send(csv);
  });
  router.post('/payouts/pay-again', validate(payAgainSchemas), async (req, res) => {
    const { body } = validated(req, payAgainSchemas);
    res.status(201).json(await payAgain({ em: requestEntityManager(), dataDir, group: studioGroupOf(req), payoutUuids: body.payoutUuids, locale: localeOf(req) }));
  });
  return router;
}
