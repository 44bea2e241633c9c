import { Router } from 'express';
import {
  ZAdminTrainerDetail,
  ZAdminTrainerList,
  ZAdminTrainerSaved,
  ZTrainerAdminSettingsRequest,
  ZTrainerExportRequest,
  ZTrainerMergeOptions,
  ZTrainerMergeRequest,
  ZTrainerMergeResponse,
  ZTrainerReviewRequest,
  ZTrainerUuidParams,
  type TAdminTrainerSaved,
  type TTrainerMergeResponse,
} from '../../../contracts/trainer-overview.contract';
import { z } from 'zod';
import { authOf, requireAuth } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { mergeTrainers } from './trainer-merge.service';
import { exportTrainers, listTrainerOverview, mergeOptions, reviewTrainer, saveTrainerSettings, trainerDetail } from './trainer-overview.service';

const schemas = {
  list: { response: ZAdminTrainerList, summary: "The admin trainer overview (spec 2.20): every trainer of the group with the spec's admin trainer fields." },
  detail: { params: ZTrainerUuidParams, response: ZAdminTrainerDetail, summary: "One trainer's overview row with the last review of the billing data (trainer page)." },
  settings: {
    params: ZTrainerUuidParams,
    body: ZTrainerAdminSettingsRequest,
    response: ZAdminTrainerSaved,
    summary: "Saves a trainer's keywords (trainerFilters) and 'Ist FTE' (isEmployee: paid through payroll, never by credit note).",
  },
  review: {
    params: ZTrainerUuidParams,
    body: ZTrainerReviewRequest,
    response: ZAdminTrainerSaved,
    summary: "Staff's review of a trainer's billing data: approved (a changed IBAN becomes payable) or rejected.",
  },
  mergeOptions: { response: ZTrainerMergeOptions, summary: 'The trainers a record can be merged with (spec 3 "Trainer merge option").' },
  merge: {
    body: ZTrainerMergeRequest,
    response: ZTrainerMergeResponse,
    summary: 'Merges mergeTrainerUuid into trainerUuid in one transaction (classes, rules, positions, settlements, credit notes, account link); audited.',
  },
} as const;

/** Mounted under /api/v1/:g (staff of the group): the trainer overview, review, keywords and merge. */
export function createTrainerOverviewRouter() {
  const router = Router({ mergeParams: true });
  router.get('/trainer-overview', validate(schemas.list), async (req, res) => {
    res.json(await listTrainerOverview(studioGroupOf(req)));
  });
  router.get('/trainer-overview/:trainerUuid', validate(schemas.detail), async (req, res) => {
    const { params } = validated(req, schemas.detail);
    res.json(await trainerDetail(studioGroupOf(req), params.trainerUuid));
  });
  router.put('/trainer-overview/:trainerUuid/settings', validate(schemas.settings), async (req, res) => {
    const { params, body } = validated(req, schemas.settings);
    const { trainer, detail } = await saveTrainerSettings(studioGroupOf(req), params.trainerUuid, body);
    const answer: TAdminTrainerSaved = { status: 'success', message: t(req, 'trainerOverview.settingsSaved', { name: trainerDisplayName(trainer) }), trainer: detail };
    res.json(answer);
  });
  router.post('/trainer-overview/:trainerUuid/review', validate(schemas.review), async (req, res) => {
    const { params, body } = validated(req, schemas.review);
    const { trainer, detail } = await reviewTrainer(studioGroupOf(req), params.trainerUuid, authOf(req).userId, body);
    const answer: TAdminTrainerSaved = { status: 'success', message: t(req, `trainerOverview.reviewed.${body.decision}`, { name: trainerDisplayName(trainer) }), trainer: detail };
    res.json(answer);
  });
  router.get('/trainer/merge-options', validate(schemas.mergeOptions), async (req, res) => {
    res.json(await mergeOptions(studioGroupOf(req)));
  });
  router.post('/trainer/merge', validate(schemas.merge), async (req, res) => {
    const { body } = validated(req, schemas.merge);
    const result = await mergeTrainers(studioGroupOf(req), authOf(req).userId, body.trainerUuid, body.mergeTrainerUuid);
    const answer: TTrainerMergeResponse = {
      status: 'success',
      message: t(req, 'trainerOverview.merge.done', { merged: result.mergedName, kept: trainerDisplayName(result.kept) }),
      trainerUuid: result.kept.uuid,
      mergedTrainerUuid: result.mergedUuid,
      moved: result.moved,
    };
    res.json(answer);
  });
  return router;
}

const exportSchemas = {
  body: ZTrainerExportRequest,
  response: z.string().describe('CSV: UTF-8 with BOM, ";" between fields, decimal comma (German spreadsheet programs).'),
  produces: 'text/csv',
  summary: 'The selected trainers\' master and bank data as CSV (spec 7), named by content-disposition trainers_export.csv. Staff of their trainers\' group only.',
} as const;

/** POST /admin/trainer/export (spec admin 7): headers x-user / x-api-key, body {trainersExport}. */
export function createTrainerExportRouter() {
  const router = Router();
  router.post('/admin/trainer/export', requireAuth, validate(exportSchemas), async (req, res) => {
    const { body } = validated(req, exportSchemas);
    const { csv } = await exportTrainers(authOf(req), body.trainersExport);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="trainers_export.csv"');
    res.setHeader('cache-control', 'no-store');
    res.send(csv);
  });
  return router;
}
