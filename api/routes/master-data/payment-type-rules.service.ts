import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentTypeRule, Studio, StudioGroup, Trainer } from '../../../db/entities';
import { paymentRuleInputOf } from '../../../db/payment-rule-input';
import { matchKey, paymentRuleProblems, ruleTermsOf, SETTLEMENT_TIME_ZONE } from '../../../domain/pay/rules';
import { dayBefore } from '../../../contracts/master-data.contract';
import type {
  TCreatePaymentTypeRuleValues,
  TPaymentTypeRule,
  TPaymentTypeRuleListQuery,
  TUpdatePaymentTypeRuleValues,
} from '../../../contracts/payment-type-rule.contract';
import type { Locale } from '../../../domain/messages';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';
import { trainerName } from '../../../domain/trainer-data';

// Payment type rules are dated and never rewritten for the past (DESIGN "Domain rules"): an edit
// applies from `effectiveFrom`. A rule that priced no class before that day is edited in place;
// otherwise it ends the day before and a new rule (replacesRule = the old one) carries the new values.
// Settlements keep a snapshot of the rules they used (Settlement.rulesSnapshot; each line's
// ruleSnapshot names its rule), and a rule that appears in one is never deleted.

type Narrowing = { trainerId: number | null; studioId: number | null; category: string | null; classNameFilter: string | null };

/** What decides a class's pay besides the dates; a change to any of these is a new rate. */
const PRICING_FIELDS = [
  'kind',
  'flatCents',
  'hourlyCents',
  'bookedSlotMode',
  'bookedSlotThreshold',
  'perSlotCents',
  'fixedBonusCents',
  'minCents',
  'maxCents',
  'category',
  'classNameFilter',
] as const;

export type SaveOutcome = 'created' | 'updated' | 'replaced' | 'ended';
export type SavedRule = { outcome: SaveOutcome; rule: TPaymentTypeRule; previousRule: TPaymentTypeRule | null };

const fieldError = (field: string, reason: string) => badRequest('validation.fieldMessage', field, { field, reason });

const narrowingOf = (rule: PaymentTypeRule): Narrowing => ({
  trainerId: rule.trainer?.id ?? null,
  studioId: rule.studio?.id ?? null,
  category: rule.category ?? null,
  classNameFilter: rule.classNameFilter ?? null,
});

// Midnight in Berlin of a YYYY-MM-DD date: a rule's validity is checked against the class's Berlin date.
const BERLIN_MIDNIGHT_OF_PARAM = `(cast(cast(? as date) as timestamp) at time zone '${SETTLEMENT_TIME_ZONE}')`;

/**
 * Whether the group has an imported class on a Berlin date in [from, before) that the narrowing
 * matches (as domain/pay matches it: category whole and case-insensitive, name filter as a part).
 * Such a class was or would be priced by a rule with this narrowing; more specific rules are not
 * looked at, so "matches" errs on the side of keeping the past.
 */
async function hasMatchingClass(em: EntityManager, studioGroupId: number, narrowing: Narrowing, from: string, before: string | null): Promise<boolean> {
  if (before !== null && before <= from) return false;
  const conditions = ['c.studio_group_id = ?', `c.starts_at >= ${BERLIN_MIDNIGHT_OF_PARAM}`];
  const params: unknown[] = [studioGroupId, from];
  if (before !== null) {
    conditions.push(`c.starts_at < ${BERLIN_MIDNIGHT_OF_PARAM}`);
    params.push(before);
  }
  if (narrowing.trainerId !== null) {
    conditions.push('c.trainer_id = ?');
    params.push(narrowing.trainerId);
  }
  if (narrowing.studioId !== null) {
    conditions.push('c.studio_id = ?');
    params.push(narrowing.studioId);
  }
  if (matchKey(narrowing.category) !== '') {
    conditions.push('lower(normalize(btrim(c.category), NFC)) = ?');
    params.push(matchKey(narrowing.category));
  }
  if (matchKey(narrowing.classNameFilter) !== '') {
    conditions.push('strpos(lower(normalize(c.name, NFC)), ?) > 0');
    params.push(matchKey(narrowing.classNameFilter));
  }
  const [row] = await em.execute<{ found: boolean }[]>(`select exists (select 1 from studio_class c where ${conditions.join(' and ')}) as found`, params);
  return row?.found === true;
}

/**
 * A line's snapshot names the rule (uuid and id as text): lines name it by `ruleUuid`/`ruleId`, lines
 * written before decision 0180 carry the whole rule under `rule`, older ones its fields at the top.
 */
const namesRule = (uuid: string, id: string) =>
  `(coalesce(l.rule_snapshot ->> 'ruleUuid', l.rule_snapshot -> 'rule' ->> 'uuid', l.rule_snapshot ->> 'uuid') = ${uuid}
    or coalesce(l.rule_snapshot ->> 'ruleId', l.rule_snapshot -> 'rule' ->> 'id', l.rule_snapshot ->> 'id') = ${id})`;

/** Whether a prepared settlement priced a line with the rule (its snapshot names the rule). */
async function usedInSettlement(em: EntityManager, rule: PaymentTypeRule): Promise<boolean> {
  const [row] = await em.execute<{ found: boolean }[]>(
    `select exists (select 1 from settlement_line l where ${namesRule('?', '?')}) as found`,
    [rule.uuid, String(rule.id)],
  );
  return row?.found === true;
}

/**
 * Which rules of the group are in use: a class in their validity matches them, a settlement used
 * them, or a newer rule continues them. Such a rule cannot be deleted, only ended.
 */
async function rulesInUse(em: EntityManager, studioGroupId: number, ruleIds: number[]): Promise<Set<number>> {
  if (ruleIds.length === 0) return new Set();
  const berlin = (column: string) => `(cast(${column} as timestamp) at time zone '${SETTLEMENT_TIME_ZONE}')`;
  const key = (column: string) => `lower(normalize(btrim(${column}), NFC))`;
  const rows = await em.execute<{ id: number }[]>(
    `select r.id from payment_type_rule r
      where r.studio_group_id = ? and r.id in (${ruleIds.map(() => '?').join(', ')})
        and (
          exists (
            select 1 from studio_class c
             where c.studio_group_id = r.studio_group_id
               and c.starts_at >= ${berlin('r.valid_from')}
               and (r.valid_to is null or c.starts_at < ${berlin('r.valid_to + 1')})
               and (r.trainer_id is null or c.trainer_id = r.trainer_id)
               and (r.studio_id is null or c.studio_id = r.studio_id)
               and (coalesce(btrim(r.category), '') = '' or ${key('c.category')} = ${key('r.category')})
               and (coalesce(btrim(r.class_name_filter), '') = '' or strpos(lower(normalize(c.name, NFC)), ${key('r.class_name_filter')}) > 0)
          )
          or exists (select 1 from settlement_line l where ${namesRule('r.uuid::text', 'r.id::text')})
          or exists (select 1 from payment_type_rule s where s.replaces_rule_id = r.id)
        )`,
    [studioGroupId, ...ruleIds],
  );
  return new Set(rows.map((row) => row.id));
}

function toDto(rule: PaymentTypeRule, extra: { inUse: boolean; replacedByRuleUuid: string | null }): TPaymentTypeRule {
  return {
    uuid: rule.uuid,
    name: rule.name,
    trainer: rule.trainer ? { id: rule.trainer.id, uuid: rule.trainer.uuid, name: trainerName(rule.trainer) } : null,
    studio: rule.studio ? { uuid: rule.studio.uuid, name: rule.studio.name } : null,
    ...ruleTermsOf(rule, rule.tiers ? rule.tiers.map((tier) => ({ fromBookedSlots: tier.fromBookedSlots, bonusCents: tier.bonusCents })) : null),
    replacesRuleUuid: rule.replacesRule?.uuid ?? null,
    replacedByRuleUuid: extra.replacedByRuleUuid,
    inUse: extra.inUse,
    updatedAt: rule.updatedAt.toISOString(),
  };
}

const RULE_POPULATE = ['trainer', 'studio', 'replacesRule'] as const;

/** Rules as the API shows them, with whether each is in use and which rule continues it. */
async function toDtos(em: EntityManager, studioGroupId: number, rules: PaymentTypeRule[]): Promise<TPaymentTypeRule[]> {
  const ids = rules.map((rule) => rule.id);
  const [inUse, successors] = await Promise.all([
    rulesInUse(em, studioGroupId, ids),
    ids.length ? em.find(PaymentTypeRule, { replacesRule: { $in: ids } }, { fields: ['uuid', 'replacesRule'] }) : Promise.resolve([]),
  ]);
  const successorOf = new Map(successors.map((successor) => [successor.replacesRule!.id, successor.uuid]));
  return rules.map((rule) => toDto(rule, { inUse: inUse.has(rule.id), replacedByRuleUuid: successorOf.get(rule.id) ?? null }));
}

/** Rules of the group; `trainerId` / `studioUuid` keep the rules that can apply to that trainer / studio (unset narrowing = any). */
export async function listRules(studioGroup: StudioGroup, query: TPaymentTypeRuleListQuery): Promise<TPaymentTypeRule[]> {
  const em = requestEntityManager();
  const and: object[] = [{ studioGroup }];
  if (query.trainerId !== undefined) and.push({ $or: [{ trainer: null }, { trainer: query.trainerId }] });
  if (query.studioUuid !== undefined) and.push({ $or: [{ studio: null }, { studio: { uuid: query.studioUuid } }] });
  const rules = await em.find(PaymentTypeRule, { $and: and }, { populate: RULE_POPULATE, orderBy: { name: 'asc', validFrom: 'asc', id: 'asc' } });
  return toDtos(em, studioGroup.id, rules);
}

/** The trainer and studio a rule is narrowed to; both must belong to the group (400 naming the field otherwise). */
async function resolveNarrowing(em: EntityManager, studioGroupId: number, values: { trainerId: number | null; studioUuid: string | null }) {
  let trainer: Trainer | null = null;
  let studio: Studio | null = null;
  if (values.trainerId !== null) {
    trainer = await em.findOne(Trainer, { id: values.trainerId, studioGroup: studioGroupId });
    if (!trainer) throw fieldError('trainerId', 'masterData.rule.trainerNotInGroup');
  }
  if (values.studioUuid !== null) {
    studio = await em.findOne(Studio, { uuid: values.studioUuid, studioGroup: studioGroupId });
    if (!studio) throw fieldError('studioUuid', 'masterData.rule.studioNotInGroup');
  }
  return { trainer, studio };
}

type RuleFields = Omit<TCreatePaymentTypeRuleValues, 'trainerId' | 'studioUuid' | 'validFrom'>;

function ruleData(values: RuleFields) {
  return {
    name: values.name,
    category: values.category,
    classNameFilter: values.classNameFilter,
    validTo: values.validTo,
    kind: values.kind,
    flatCents: values.flatCents,
    hourlyCents: values.hourlyCents,
    bookedSlotMode: values.bookedSlotMode,
    bookedSlotThreshold: values.bookedSlotThreshold,
    perSlotCents: values.perSlotCents,
    tiers: values.tiers,
    fixedBonusCents: values.fixedBonusCents,
    minCents: values.minCents,
    maxCents: values.maxCents,
  };
}

/** The pay engine refuses a rule it cannot price with; the contract should have caught it already. */
function assertPriceable(rule: PaymentTypeRule) {
  // A rule not yet flushed has no id; the engine's id check is not this form's business.
  const problems = paymentRuleProblems({ ...paymentRuleInputOf(rule), id: rule.id ?? 0 }).filter((problem) => problem !== 'id.invalid');
  if (problems.length > 0) {
    const [field] = problems[0].split('.');
    throw fieldError(field, 'validation.invalid');
  }
}

export async function createRule(studioGroup: StudioGroup, values: TCreatePaymentTypeRuleValues): Promise<SavedRule> {
  const em = requestEntityManager();
  const { trainer, studio } = await resolveNarrowing(em, studioGroup.id, values);
  const rule = em.create(PaymentTypeRule, { ...ruleData(values), studioGroup, trainer, studio, validFrom: values.validFrom });
  assertPriceable(rule);
  await em.flush();
  const [dto] = await toDtos(em, studioGroup.id, [rule]);
  return { outcome: 'created', rule: dto, previousRule: null };
}

async function findRuleForUpdate(em: EntityManager, studioGroupId: number, uuid: string): Promise<PaymentTypeRule> {
  // The row lock serialises two edits of one rule: both would otherwise end it and add a successor.
  const rule = await em.findOne(PaymentTypeRule, { uuid, studioGroup: studioGroupId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!rule) throw notFound('masterData.rule.notFound');
  await em.populate(rule, RULE_POPULATE);
  return rule;
}

const sameTiers = (a: PaymentTypeRule['tiers'], b: PaymentTypeRule['tiers']) =>
  JSON.stringify((a ?? []).map((tier) => [tier.fromBookedSlots, tier.bonusCents])) === JSON.stringify((b ?? []).map((tier) => [tier.fromBookedSlots, tier.bonusCents]));

/**
 * PUT: the new values apply from `effectiveFrom`; everything before it stays as it was.
 *  - Only the name or the end date change (and the end does not reach back over days the rule had
 *    already stopped covering): edited in place.
 *  - Otherwise, if no class before `effectiveFrom` matches the rule (with its old or its new
 *    narrowing) and no settlement used it: edited in place (from `effectiveFrom` at the latest).
 *  - Otherwise the rule ends the day before `effectiveFrom` and a new rule replacing it starts on
 *    `effectiveFrom` (none if the new values end before they start: then the rule is just ended).
 */
export async function updateRule(studioGroup: StudioGroup, uuid: string, values: TUpdatePaymentTypeRuleValues, locale: Locale): Promise<SavedRule> {
  const saved = await requestEntityManager().transactional(async (em) => {
    const rule = await findRuleForUpdate(em, studioGroup.id, uuid);
    const successor = await em.findOne(PaymentTypeRule, { replacesRule: rule }, { fields: ['name', 'validFrom'] });
    if (successor) throw conflict('masterData.rule.alreadyReplaced', { name: rule.name, successor: successor.name, date: formatDay(successor.validFrom, locale) });

    const { trainer, studio } = await resolveNarrowing(em, studioGroup.id, values);
    const effectiveFrom = values.effectiveFrom;
    const oldValidTo = rule.validTo ?? null;
    const narrowingChanged = (trainer?.id ?? null) !== (rule.trainer?.id ?? null) || (studio?.id ?? null) !== (rule.studio?.id ?? null);
    const pricingChanged = narrowingChanged || !sameTiers(values.tiers, rule.tiers ?? null) || PRICING_FIELDS.some((field) => (values[field] ?? null) !== (rule[field] ?? null));
    // Continuing a rule that ended before the change applies would cover the days in between.
    const reachesBackOverGap = oldValidTo !== null && oldValidTo < dayBefore(effectiveFrom) && (values.validTo === null || values.validTo > oldValidTo);

    if (!pricingChanged && !reachesBackOverGap) {
      if (values.validTo !== null && values.validTo < rule.validFrom) throw fieldError('validTo', 'masterData.rule.validToBeforeValidFrom');
      const ended = values.validTo !== null && (oldValidTo === null || values.validTo < oldValidTo);
      rule.name = values.name;
      rule.validTo = values.validTo;
      return { outcome: (ended ? 'ended' : 'updated') as SaveOutcome, rule, previousRule: null };
    }

    const newNarrowing: Narrowing = { trainerId: trainer?.id ?? null, studioId: studio?.id ?? null, category: values.category, classNameFilter: values.classNameFilter };
    const usedBefore =
      (await hasMatchingClass(em, studioGroup.id, narrowingOf(rule), rule.validFrom, effectiveFrom)) ||
      (await hasMatchingClass(em, studioGroup.id, newNarrowing, rule.validFrom, effectiveFrom)) ||
      (await usedInSettlement(em, rule));

    if (!usedBefore) {
      const validFrom = effectiveFrom < rule.validFrom ? effectiveFrom : rule.validFrom;
      if (values.validTo !== null && values.validTo < validFrom) throw fieldError('validTo', 'masterData.rule.validToBeforeValidFrom');
      em.assign(rule, { ...ruleData(values), trainer, studio, validFrom });
      assertPriceable(rule);
      return { outcome: 'updated' as SaveOutcome, rule, previousRule: null };
    }

    // A settlement priced classes with it from its first day on: the change cannot start earlier.
    if (effectiveFrom <= rule.validFrom) throw conflict('masterData.rule.settledBeforeChange', { name: rule.name, date: formatDay(dayAfter(rule.validFrom), locale) });
    const endOfOld = dayBefore(effectiveFrom);
    if (oldValidTo === null || endOfOld < oldValidTo) rule.validTo = endOfOld;
    // The schema lets validTo be effectiveFrom − 1 at the earliest: the rule just ends, no successor.
    if (values.validTo !== null && values.validTo < effectiveFrom) return { outcome: 'ended' as SaveOutcome, rule, previousRule: null };
    const next = em.create(PaymentTypeRule, {
      ...ruleData(values),
      studioGroup: em.getReference(StudioGroup, studioGroup.id),
      trainer,
      studio,
      validFrom: effectiveFrom,
      replacesRule: rule,
    });
    assertPriceable(next);
    return { outcome: 'replaced' as SaveOutcome, rule: next, previousRule: rule };
  });

  const em = requestEntityManager();
  const dtos = await toDtos(em, studioGroup.id, saved.previousRule ? [saved.rule, saved.previousRule] : [saved.rule]);
  return { outcome: saved.outcome, rule: dtos[0], previousRule: dtos[1] ?? null };
}

/** DELETE: only a rule that never priced anything; the others end with a valid-to date (409 says so). */
export async function deleteRule(studioGroup: StudioGroup, uuid: string): Promise<{ name: string }> {
  return requestEntityManager().transactional(async (em) => {
    const rule = await findRuleForUpdate(em, studioGroup.id, uuid);
    const inUse = await rulesInUse(em, studioGroup.id, [rule.id]);
    if (inUse.has(rule.id)) throw conflict('masterData.rule.inUseEndInstead', { name: rule.name });
    em.remove(rule);
    return { name: rule.name };
  });
}

/** A YYYY-MM-DD date as the caller reads dates: 01.03.2026 / 01/03/2026. */
export function formatDay(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split('-');
  return locale === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
}

function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
