import { Router, type Response } from 'express';
import { z } from 'zod';
import { Trainer } from '../../../db/entities';
import { ZSmallBusinessLimitsResponse, ZYearlyStatementYears, ZYearParam } from '../../../contracts/accounting-handoff.contract';
import { studioGroupOf } from '../../auth/tenancy';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { authOf } from '../../auth/sessions';
import { notFound } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import { linkOf } from '../../auth/tenancy';
import { findSettlement } from '../../auth/tenancy';
import { smallBusinessLimitsAnswer } from './small-business.service';
import { statementYears, yearlyStatementPdf } from './yearly-statement.service';

// The accountant's hand-off beyond the run's files: the small-business limits in the billing step (staff) and the
// yearly statements of a trainer in a studio group (staff on the trainer page, the trainer in the
// portal).

const ZUuid = z.uuid({ error: 'validation.uuid' });
const ZPdf = z.string().describe('The PDF.');

function sendPdf(res: Response, { pdf, fileName }: { pdf: Buffer; fileName: string }) {
  res.attachment(fileName);
  res.type('application/pdf');
  res.setHeader('cache-control', 'private, no-store');
  res.send(pdf);
}

/** Under /api/v1/{g} (staff of the group). */
export function createAccountingHandoffStaffRouter() {
  const router = Router({ mergeParams: true });

  const limitsSchemas = {
    params: z.object({ settlementUuid: ZUuid }),
    response: ZSmallBusinessLimitsResponse,
    summary:
      'The settlement\'s trainers billed without VAT with what the platform billed their account this year and last (every studio group, §19 UStG) plus this settlement; `blocking`: the run needs `confirmSmallBusinessLimit`.',
  };
  router.get('/settlement/:settlementUuid/small-business-limits', validate(limitsSchemas), async (req, res) => {
    const { params } = validated(req, limitsSchemas);
    const em = requestEntityManager();
    const settlement = await findSettlement(em, studioGroupOf(req), params.settlementUuid);
    res.json(await smallBusinessLimitsAnswer(em, settlement));
  });

  const yearsSchemas = { params: z.object({ trainerUuid: ZUuid }), response: ZYearlyStatementYears, summary: 'The years with a credit note or cancellation of the trainer in this studio group (yearly statements), newest first.' };
  router.get('/trainers/:trainerUuid/yearly-statements', validate(yearsSchemas), async (req, res) => {
    const { params } = validated(req, yearsSchemas);
    const em = requestEntityManager();
    const trainer = await em.findOne(Trainer, { uuid: params.trainerUuid, studioGroup: studioGroupOf(req) });
    if (!trainer) throw notFound('masterData.trainerNotFound');
    res.json({ years: await statementYears(em, trainer.id) });
  });

  const pdfSchemas = {
    params: z.object({ trainerUuid: ZUuid, year: ZYearParam }),
    response: ZPdf,
    produces: 'application/pdf' as const,
    summary: 'The trainer\'s yearly statement: every credit note and cancellation of the year in this studio group with net, VAT, gross and the totals (PDF).',
  };
  router.get('/trainers/:trainerUuid/yearly-statement/:year', validate(pdfSchemas), async (req, res) => {
    const { params } = validated(req, pdfSchemas);
    const em = requestEntityManager();
    const group = studioGroupOf(req);
    const trainer = await em.findOne(Trainer, { uuid: params.trainerUuid, studioGroup: group });
    if (!trainer) throw notFound('masterData.trainerNotFound');
    sendPdf(res, await yearlyStatementPdf(em, { trainer, studioGroup: group, year: params.year, locale: localeOf(req) }));
  });
  return router;
}

/** Under /api/v2 (the trainer, own account only). */
export function createAccountingHandoffTrainerRouter() {
  const router = Router();
  const base = '/:g/trainer-account/:user';

  const yearsSchemas = { params: z.object({ g: ZUuid, user: ZUuid }), response: ZYearlyStatementYears, summary: 'The years with a credit note or cancellation from this studio group (yearly statements), newest first.' };
  router.get(`${base}/yearly-statements`, requireTrainer, requireOwnUser, validate(yearsSchemas), async (req, res) => {
    const { params } = validated(req, yearsSchemas);
    const em = requestEntityManager();
    const link = await linkOf(em, authOf(req).userId, params.g);
    res.json({ years: await statementYears(em, link.trainer.id) });
  });

  const pdfSchemas = {
    params: z.object({ g: ZUuid, user: ZUuid, year: ZYearParam }),
    response: ZPdf,
    produces: 'application/pdf' as const,
    summary: 'The trainer\'s yearly statement from this studio group: every credit note and cancellation of the year with net, VAT, gross and the totals, for the tax return (PDF).',
  };
  router.get(`${base}/yearly-statement/:year`, requireTrainer, requireOwnUser, validate(pdfSchemas), async (req, res) => {
    const { params } = validated(req, pdfSchemas);
    const em = requestEntityManager();
    const link = await linkOf(em, authOf(req).userId, params.g);
    sendPdf(res, await yearlyStatementPdf(em, { trainer: link.trainer, studioGroup: link.studioGroup, year: params.year, locale: localeOf(req) }));
  });
  return router;
}
