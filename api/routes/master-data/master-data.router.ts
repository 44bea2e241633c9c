import { Router } from 'express';
import { z } from 'zod';
import { ZSuccess } from '../../../contracts/master-data.contract';
import {
  ZCreatePaymentTypeRuleRequest,
  ZPaymentTypeRuleList,
  ZPaymentTypeRuleListQuery,
  ZPaymentTypeRuleSaved,
  ZUpdatePaymentTypeRuleRequest,
  type TPaymentTypeRuleSaved,
} from '../../../contracts/payment-type-rule.contract';
import { ZStudioList, ZStudioSaved, ZUpdateStudioRequest, type TStudioSaved } from '../../../contracts/studio.contract';
import {
  ZStudioGroupSettings,
  ZStudioGroupSettingsRequest,
  ZStudioGroupSettingsSaved,
  type TStudioGroupSettingsSaved,
} from '../../../contracts/studio-group-settings.contract';
import { ZTrainerDetail, ZTrainerIdParams, ZTrainerList, ZTrainerSaved, ZUpdateTrainerRequest, type TTrainerSaved } from '../../../contracts/trainer.contract';
import { studioGroupOf } from '../../auth/tenancy';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { createRule, deleteRule, formatDay, listRules, updateRule, type SavedRule } from './payment-type-rules.service';
import { settingsOf, updateSettings } from './settings.service';
import { listStudios, updateStudio } from './studios.service';
import { getTrainer, listTrainers, updateTrainer } from './trainers.service';

const ZUuidParams = z.object({ uuid: z.uuid({ error: 'validation.uuid' }) });

const listTrainerSchemas = { response: ZTrainerList, summary: "The studio group's trainer records, with what keeps each from being billed." };
const trainerSchemas = { params: ZTrainerIdParams, response: ZTrainerDetail, summary: 'One trainer record with every field of the edit form.' };
const updateTrainerSchemas = {
  params: ZTrainerIdParams,
  body: ZUpdateTrainerRequest,
  response: ZTrainerSaved,
  summary: "Saves a trainer record's personal, address, bank and tax data.",
};
const listStudioSchemas = { response: ZStudioList, summary: "The studio group's studios (locations), by name." };
const updateStudioSchemas = { params: ZUuidParams, body: ZUpdateStudioRequest, response: ZStudioSaved, summary: "Renames a studio or changes its city." };
const listRuleSchemas = {
  query: ZPaymentTypeRuleListQuery,
  response: ZPaymentTypeRuleList,
  summary: 'Payment type rules (amounts in cents, `…Cents`) that can apply to a trainer / studio.',
};
const createRuleSchemas = {
  body: ZCreatePaymentTypeRuleRequest,
  response: ZPaymentTypeRuleSaved,
  responses: { 201: ZPaymentTypeRuleSaved },
  summary: 'Creates a payment type rule (amounts in cents).',
};
const updateRuleSchemas = {
  params: ZUuidParams,
  body: ZUpdatePaymentTypeRuleRequest,
  response: ZPaymentTypeRuleSaved,
  summary: 'Changes a rule from `effectiveFrom` on: in place if no class before it used it, else ends it and starts a successor.',
};
const deleteRuleSchemas = { params: ZUuidParams, response: ZSuccess, summary: 'Deletes a rule that no class and no settlement used.' };
const settingsReadSchemas = { response: ZStudioGroupSettings, summary: "The studio group's issuer, bank, accounting and credit-note settings." };
const settingsSchemas = { body: ZStudioGroupSettingsRequest, response: ZStudioGroupSettingsSaved, summary: "Saves the studio group's settings." };

/**
 * Mounted under /api/v1/:g (staff of the group only): trainers, studios, payment type rules and the
 * group's settings. Every change answers `{status: 'success', message, …}` in the caller's language.
 */
export function createMasterDataRouter() {
  const router = Router({ mergeParams: true });

  router.get('/trainers', validate(listTrainerSchemas), async (req, res) => {
    res.json(await listTrainers(studioGroupOf(req)));
  });
  router.get('/trainers/:id', validate(trainerSchemas), async (req, res) => {
    const { params } = validated(req, trainerSchemas);
    res.json(await getTrainer(studioGroupOf(req), params.id));
  });
  router.put('/trainers/:id', validate(updateTrainerSchemas), async (req, res) => {
    const { params, body } = validated(req, updateTrainerSchemas);
    const trainer = await updateTrainer(studioGroupOf(req), params.id, body);
    const answer: TTrainerSaved = { status: 'success', message: t(req, 'masterData.trainerSaved', { name: trainer.name }), trainer };
    res.json(answer);
  });

  router.get('/studios', validate(listStudioSchemas), async (req, res) => {
    res.json(await listStudios(studioGroupOf(req)));
  });
  router.put('/studios/:uuid', validate(updateStudioSchemas), async (req, res) => {
    const { params, body } = validated(req, updateStudioSchemas);
    const studio = await updateStudio(studioGroupOf(req), params.uuid, body);
    const answer: TStudioSaved = { status: 'success', message: t(req, 'masterData.studioSaved', { name: studio.name }), studio };
    res.json(answer);
  });

  const ruleAnswer = (req: Parameters<typeof t>[0], saved: SavedRule): TPaymentTypeRuleSaved => {
    const locale = localeOf(req);
    const ended = saved.previousRule?.validTo ?? saved.rule.validTo ?? '';
    const message = {
      created: () => t(req, 'masterData.rule.created', { name: saved.rule.name }),
      updated: () => t(req, 'masterData.rule.updated', { name: saved.rule.name }),
      replaced: () =>
        t(req, 'masterData.rule.replaced', {
          name: saved.rule.name,
          effectiveFrom: formatDay(saved.rule.validFrom, locale),
          endedOn: formatDay(ended, locale),
        }),
      ended: () => t(req, 'masterData.rule.ended', { name: saved.rule.name, endedOn: formatDay(ended, locale) }),
    }[saved.outcome]();
    return { status: 'success', message, ...saved };
  };

  router.get('/payment-type-rules', validate(listRuleSchemas), async (req, res) => {
    const { query } = validated(req, listRuleSchemas);
    res.json(await listRules(studioGroupOf(req), query));
  });
  router.post('/payment-type-rules', validate(createRuleSchemas), async (req, res) => {
    const { body } = validated(req, createRuleSchemas);
    res.status(201).json(ruleAnswer(req, await createRule(studioGroupOf(req), body)));
  });
  router.put('/payment-type-rules/:uuid', validate(updateRuleSchemas), async (req, res) => {
    const { params, body } = validated(req, updateRuleSchemas);
    res.json(ruleAnswer(req, await updateRule(studioGroupOf(req), params.uuid, body, localeOf(req))));
  });
  router.delete('/payment-type-rules/:uuid', validate(deleteRuleSchemas), async (req, res) => {
    const { params } = validated(req, deleteRuleSchemas);
    const { name } = await deleteRule(studioGroupOf(req), params.uuid);
    res.json({ status: 'success', message: t(req, 'masterData.rule.deleted', { name }) });
  });

  router.get('/settings', validate(settingsReadSchemas), (req, res) => {
    res.json(settingsOf(studioGroupOf(req)));
  });
  router.put('/settings', validate(settingsSchemas), async (req, res) => {
    const { body } = validated(req, settingsSchemas);
    const settings = await updateSettings(studioGroupOf(req), body);
    const answer: TStudioGroupSettingsSaved = { status: 'success', message: t(req, 'masterData.settingsSaved'), settings };
    res.json(answer);
  });

  return router;
}
