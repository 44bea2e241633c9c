import { Router, type Request, type Response } from 'express';
import {
  CLASS_LIST_MAX_DAYS,
  REPORT_MAX_MONTHS,
  ZBalanceQuery,
  ZClassesWithoutTrainerParams,
  ZClassesWithoutTrainerResponse,
  ZClassListQuery,
  ZClassListResponse,
  ZMultiTrainerClassesResponse,
  ZOptionalRangeQuery,
  ZReportPathParams,
  ZReportRangeQuery,
  ZReportSourcePathParams,
  ZRuleCheckResponse,
  ZSettlementLogReportResponse,
  ZStudioBalanceResponse,
  ZTrainerBalanceResponse,
} from '../../../contracts/reports.contract';
import { Mandant } from '../../../db/entities';
import { assertSameStudioGroup, studioGroupOf } from '../../auth/tenancy';
import { notFound } from '../../http/errors';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import {
  classesWithoutTrainer,
  classesWithSeveralTrainers,
  classList,
  settlementLogReport,
  studioBalance,
  trainerBalance,
  type BalanceGrouping,
  type JsonText,
} from './reports.service';
import { paymentTypeRuleCheck } from './rule-check.service';

/**
 * The studio group a report's path names by {idMandant}/{idStudioGroup}: it must be the group of
 * {g} (already checked against the caller); any other is 404, like a group that does not exist.
 */
async function reportGroup(req: Request, ids: { idMandant: number; idStudioGroup: number }) {
  const group = studioGroupOf(req);
  assertSameStudioGroup(group, ids);
  const mandant = await requestEntityManager().findOneOrFail(Mandant, group.mandant.id);
  return { id: group.id, name: group.name, mandantId: mandant.id, mandantName: mandant.name, sourceSystem: group.sourceSystem };
}

/**
 * Sends an answer PostgreSQL wrote as JSON text. Under the test runner it goes through res.json, where
 * validate() checks every answer against the route's contract (api/http/validate.ts).
 */
function sendJsonText(res: Response, { json }: JsonText) {
  if (process.env.VITEST) res.json(JSON.parse(json));
  else res.type('application/json').send(json);
}

/** Under /api/v1/{g} (staff of the group): the reports of spec admin 2.14. */
export function createReportsRouter() {
  const router = Router({ mergeParams: true });

  const balances: Array<{ path: string; grouping: BalanceGrouping; summary: string }> = [
    { path: 'trainer_balance_by_month', grouping: { studio: false, className: false }, summary: `Trainer balance by month: what was billed per trainer and month (issued credit notes net of cancellations) (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` },
    { path: 'trainer_balance_by_month_by_class', grouping: { studio: false, className: true }, summary: `Trainer balance by month and class (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` },
    { path: 'trainer_balance_by_studio_by_month_by_class', grouping: { studio: true, className: true }, summary: `Trainer balance by studio, month and class (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` },
  ];
  for (const { path, grouping, summary } of balances) {
    const schemas = { params: ZReportPathParams, query: ZBalanceQuery, response: ZTrainerBalanceResponse, summary };
    router.get(`/report/${path}/:idMandant/:idStudioGroup`, validate(schemas), async (req, res) => {
      const { params, query } = validated(req, schemas);
      sendJsonText(res, await trainerBalance(requestEntityManager(), await reportGroup(req, params), query, grouping));
    });
  }

  const studioSchemas = { params: ZReportPathParams, query: ZBalanceQuery, response: ZStudioBalanceResponse, summary: `Studio balance by month: what was billed per studio, month and VAT rate (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` };
  router.get('/report/studio_balance_by_month/:idMandant/:idStudioGroup', validate(studioSchemas), async (req, res) => {
    const { params, query } = validated(req, studioSchemas);
    sendJsonText(res, await studioBalance(requestEntityManager(), await reportGroup(req, params), query));
  });

  const ruleSchemas = { params: ZReportPathParams, query: ZReportRangeQuery, response: ZRuleCheckResponse, summary: `Payment-type-rule check: per class group of the range the rule that pays it (or none and why), its fields and computed amounts (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` };
  router.get('/report/paymenttyperule_check/:idMandant/:idStudioGroup', validate(ruleSchemas), async (req, res) => {
    const { params, query } = validated(req, ruleSchemas);
    res.json(await paymentTypeRuleCheck(requestEntityManager(), await reportGroup(req, params), query));
  });

  const logSchemas = { params: ZReportPathParams, query: ZReportRangeQuery, response: ZSettlementLogReportResponse, summary: `The settlement log across the settlements of a month range, newest first (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` };
  router.get('/report/settlement_log/:idMandant/:idStudioGroup', validate(logSchemas), async (req, res) => {
    const { params, query } = validated(req, logSchemas);
    sendJsonText(res, await settlementLogReport(requestEntityManager(), await reportGroup(req, params), query));
  });

  const withoutTrainerSchemas = { params: ZClassesWithoutTrainerParams, response: ZClassesWithoutTrainerResponse, summary: `Classes without a trainer in a day range (not paid until a trainer is added in the booking system) (at most ${REPORT_MAX_MONTHS} months; longer is a 400 naming dateEnd).` };
  router.get('/report/classes/classes-without-trainer/:idMandant/:idStudioGroup/:dateStart/:dateEnd', validate(withoutTrainerSchemas), async (req, res) => {
    const { params } = validated(req, withoutTrainerSchemas);
    sendJsonText(res, await classesWithoutTrainer(requestEntityManager(), await reportGroup(req, params), params));
  });

  const severalSchemas = {
    params: ZReportSourcePathParams,
    query: ZOptionalRangeQuery,
    response: ZMultiTrainerClassesResponse,
    summary: `Classes with several trainers (the path names the source system); optionally in a day range (at most ${REPORT_MAX_MONTHS} months).`,
  };
  router.get('/report/:sourceSystem/trainerbyclass/:idMandant/:idStudioGroup', validate(severalSchemas), async (req, res) => {
    const { params, query } = validated(req, severalSchemas);
    const group = await reportGroup(req, params);
    if (params.sourceSystem !== group.sourceSystem) throw notFound('import.wrongSourceSystem', { configured: group.sourceSystem, requested: params.sourceSystem });
    const range = query.dateStart !== undefined && query.dateEnd !== undefined ? { dateStart: query.dateStart, dateEnd: query.dateEnd } : undefined;
    sendJsonText(res, await classesWithSeveralTrainers(requestEntityManager(), group, range));
  });

  const classSchemas = { params: ZReportPathParams, query: ZClassListQuery, response: ZClassListResponse, summary: `The classes of a day range, one row per class (at most ${CLASS_LIST_MAX_DAYS} days: a month of a large group is 60,000 rows; longer is a 400 naming dateEnd).` };
  router.get('/classes/:idMandant/:idStudioGroup', validate(classSchemas), async (req, res) => {
    const { params, query } = validated(req, classSchemas);
    sendJsonText(res, await classList(requestEntityManager(), await reportGroup(req, params), query));
  });
  return router;
}
