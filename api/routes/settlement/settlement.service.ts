import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Settlement, StudioGroup, User } from '../../../db/entities';
import type { SettlementVersion } from '../../../db/entities/settlement.entity';
import { isBeforeCurrentMonth, currentMonthTitle, monthTitle } from '../../../domain/settlement/month';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../../domain/messages';
import { awaitPreparationPhaseUpdate, startPreparationUpdate, type TPreparationPhase } from '../../../workflows/settlement.messages';
import type { TSettlementWorkflowState, TTrainerClubPreview, TTrainerPreviewResponse } from '../../../contracts/settlement.contract';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { runUpdate, settlementHandle, startSettlementWorkflow } from '../../temporal';
import { listBillableTrainers } from './settlement.queries';
import { previewLines, renderClubPreviews, renderPreviewTable } from './trainer-preview';
import { findSettlement, findTrainerByKey } from '../../auth/tenancy';
import { assertInProgress, assertMonthMatches } from '../../http/settlement-checks';

// The settlement calls' commands: find or create the settlement record, start its workflow, check
// what only PostgreSQL knows (trainers, their data, the month) and hand the command to the workflow,
// whose update validators check the process rules. Reads are in settlement.queries.ts.

/** A 409 that names the settlement the screen should open instead (ZSettlementConflictResponse). */
export class SettlementConflictError extends HttpError {
  constructor(
    readonly existingSettlementUuid: string,
    params: MessageParams,
  ) {
    super(409, 'settlement.alreadyInProgress', undefined, params);
  }
}

export type SettlementContext = {
  em: EntityManager;
  temporal: Client;
  studioGroup: StudioGroup;
  userUuid: string;
  locale: Locale;
};

/** Spec 5: only a month before the current one ('You have to select a date before {month year}'). */
export function assertSettleableMonth(lastDay: string, locale: Locale, field = 'settlementMonth') {
  if (!isBeforeCurrentMonth(lastDay)) throw badRequest('settlement.monthNotBefore', field, { month: currentMonthTitle(locale) });
}

/**
 * The settlement to work on: the existing one (same group and month, in progress; its workflow
 * started if it is not yet), or a new one for a month before the current one when no other
 * settlement of the month is in progress (409 with the existing uuid otherwise). `check` runs after
 * those rules and before anything is written, so a refused command creates nothing. `version` is
 * the wizard's: a new settlement is stored with it, an existing one of the other wizard is a 409.
 */
export async function ensureSettlement<T>(
  ctx: SettlementContext,
  settlementUuid: string,
  lastDay: string,
  check: (existing: Settlement | null) => Promise<T>,
  version: SettlementVersion = 'v2',
): Promise<{ settlement: Settlement; checked: T }> {
  const { em, studioGroup: group, locale } = ctx;
  const existing = await em.findOne(Settlement, { uuid: settlementUuid }, { populate: ['createdBy', 'studioGroup'] });
  if (existing) {
    if (existing.studioGroup.id !== group.id || existing.status === 'deleted') throw notFound('settlement.notFound');
    assertMonthMatches(existing, lastDay, locale);
    assertInProgress(existing);
    if (existing.version !== version) throw new HttpError(409, 'settlementV1.otherVersion', undefined, { version: existing.version });
    const checked = await check(existing);
    await startSettlementWorkflow(ctx.temporal, existing, group, locale);
    return { settlement: existing, checked };
  }
  assertSettleableMonth(lastDay, locale);
  const openOfMonth = () => em.findOne(Settlement, { studioGroup: group.id, month: lastDay, status: 'in_progress' });
  const conflict = (open: Settlement) => new SettlementConflictError(open.uuid, { month: monthTitle(lastDay, locale) });
  const open = await openOfMonth();
  if (open) throw conflict(open);
  const checked = await check(null);
  const user = await em.findOneOrFail(User, { uuid: ctx.userUuid });
  const settlement = await em.transactional(async (tem) => {
    // One settlement in progress per month: creations of a group are serialised on its row.
    await tem.execute('select id from studio_group where id = ? for update', [group.id]);
    const raced = await tem.findOne(Settlement, { studioGroup: group.id, month: lastDay, status: 'in_progress' });
    if (raced) throw conflict(raced);
    const created = tem.create(Settlement, { uuid: settlementUuid, studioGroup: group.id, month: lastDay, version, createdBy: user, status: 'in_progress' });
    await tem.flush();
    return created;
  });
  await startSettlementWorkflow(ctx.temporal, settlement, group, locale);
  return { settlement, checked };
}

/**
 * The three preparation calls of both wizards (spec 7 create/invoice-data, /class, /trainer).
 * invoice-data finds or creates the settlement (`ensureSettlement`) and (re)starts the preparation
 * of the trainers `chooseTrainers` answers (checked there; undefined = the stored selection); class
 * and trainer wait for their phase of the running preparation.
 */
export async function runPreparationPhase(
  ctx: SettlementContext,
  {
    settlementUuid,
    lastDay,
    phase,
    version = 'v2',
    chooseTrainers,
  }: { settlementUuid: string; lastDay: string; phase: TPreparationPhase; version?: SettlementVersion; chooseTrainers: (existing: Settlement | null) => Promise<string[] | undefined> },
): Promise<TSettlementWorkflowState> {
  const handle = settlementHandle(ctx.temporal, settlementUuid);
  if (phase === 'invoice-data') {
    const { checked: trainerUuids } = await ensureSettlement(ctx, settlementUuid, lastDay, chooseTrainers, version);
    return runUpdate(ctx.temporal, () => handle.executeUpdate(startPreparationUpdate, { args: [{ trainerUuids, userUuid: ctx.userUuid }] }));
  }
  const settlement = await findSettlement(ctx.em, ctx.studioGroup, settlementUuid);
  assertMonthMatches(settlement, lastDay, ctx.locale);
  assertInProgress(settlement);
  return runUpdate(ctx.temporal, () => handle.executeUpdate(awaitPreparationPhaseUpdate, { args: [{ phase }] }));
}

/** GET /trainer-invoice/preview/...: one prepared trainer's preview table (values escaped); 404 for a trainer not in the settlement. */
export async function trainerPreviewOf(em: EntityManager, group: StudioGroup, settlement: Settlement, trainerKey: string, locale: Locale): Promise<TTrainerPreviewResponse> {
  const trainer = await findTrainerByKey(em, group, trainerKey);
  const lines = await previewLines(em, settlement, trainer.id);
  if (!lines) throw notFound('settlement.trainerNotSelected', { trainer: trainerKey });
  return { trainer_uuid: trainer.uuid, settlementUuid: settlement.uuid, html: renderPreviewTable(lines, locale) };
}

/** GET /settlement/trainer-preview/{apiSlug}/{settlementMonth}/{trainerUuid}: the preview per studio; 404 for a trainer not in the settlement. */
export async function trainerClubPreviewsOf(em: EntityManager, group: StudioGroup, settlement: Settlement, trainerKey: string, locale: Locale): Promise<TTrainerClubPreview[]> {
  const trainer = await findTrainerByKey(em, group, trainerKey);
  const lines = await previewLines(em, settlement, trainer.id);
  if (!lines) throw notFound('settlement.trainerNotSelected', { trainer: trainerKey });
  return renderClubPreviews(lines, locale);
}

/**
 * Checks a selection against what PostgreSQL knows: every trainer is one of the group's (404), taught
 * in the month (422), has complete data (422) and no issued credit note for the month (422).
 */
export async function checkSelection(ctx: SettlementContext, settlement: Settlement | null, lastDay: string, trainerUuids: string[]) {
  const { em, studioGroup: group, locale } = ctx;
  const uuids = [...new Set(trainerUuids)];
  if (uuids.length === 0) throw new HttpError(422, 'settlement.emptySelection', 'trainersSelected');
  const billable = await listBillableTrainers(em, group, lastDay, settlement);
  const byUuid = new Map(billable.rows.map((row) => [row.trainer_uuid, row]));
  const unknown = uuids.filter((uuid) => !byUuid.has(uuid));
  if (unknown.length > 0) {
    const known = await em.getConnection().execute<Array<{ uuid: string }>>(
      'select uuid from trainer where studio_group_id = ? and uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))',
      [group.id, JSON.stringify(unknown)],
    );
    const stranger = unknown.find((uuid) => !known.some((row) => row.uuid === uuid));
    if (stranger) throw new HttpError(404, 'settlement.trainerNotFound', 'trainersSelected', { trainer: stranger });
    throw new HttpError(422, 'settlement.trainerHasNoClasses', 'trainersSelected', { trainer: unknown[0]!, month: monthTitle(lastDay, locale) });
  }
  for (const uuid of uuids) {
    const row = byUuid.get(uuid)!;
    const name = row.trainer_company_name ?? row.trainer_name;
    if (!row.trainer_data_complete) {
      const items = row.missing.map((item) => translate(locale, `settlement.item.${item}`)).join(', ');
      throw new HttpError(422, 'settlement.trainerDataIncomplete', 'trainersSelected', { trainer: name, items });
    }
    if (!row.selectable) throw new HttpError(422, 'settlement.trainerBilled', 'trainersSelected', { trainer: name });
  }
  return uuids;
}

/**
 * Every trainer who can be billed now (complete data, no credit note of the month yet): what a
 * preparation without a selection covers (wizard v1 always; v2 when the spec's payload names none).
 */
export async function billableTrainerUuids(ctx: SettlementContext, settlement: Settlement | null, lastDay: string): Promise<string[]> {
  const billable = await listBillableTrainers(ctx.em, ctx.studioGroup, lastDay, settlement);
  return checkSelection(ctx, settlement, lastDay, [...new Set(billable.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))]);
}

/** The caller-language text of a key (success answers). */
export const say = (locale: Locale, key: MessageKey, params?: MessageParams) => translate(locale, key, params);
