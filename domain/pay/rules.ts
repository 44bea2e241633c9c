import { DateTime } from 'luxon';

// Payment type rules and which one prices a class (DESIGN "Payment type rules"). Plain input types
// that mirror db/entities/payment-type-rule.entity.ts and studio-class.entity.ts: domain/ stays pure
// (no db/ imports, no clock, no I/O), the activities map entities to these shapes.

export const PAYMENT_RULE_KINDS = ['flat', 'hourly'] as const;
export type PaymentRuleKind = (typeof PAYMENT_RULE_KINDS)[number];

export const BOOKED_SLOT_MODES = ['none', 'per_slot', 'tiers', 'fixed_bonus'] as const;
export type BookedSlotMode = (typeof BOOKED_SLOT_MODES)[number];

/** From `fromBookedSlots` booked slots on, the class earns `bonusCents` (the highest tier reached applies). */
export type BookedSlotTier = { fromBookedSlots: number; bonusCents: number };

/** A payment type rule as the pay engine needs it (mirrors the PaymentTypeRule entity). */
export type PaymentTypeRuleInput = {
  /** PaymentTypeRule.id: unique, the last tie-breaker between equally specific rules. */
  id: number;
  uuid?: string | null;
  name: string;
  /** Narrowing fields: unset (null, undefined or blank) means "any". */
  trainerId?: number | null;
  studioId?: number | null;
  /** Matched case-insensitively against the class category (whole value, trimmed). */
  category?: string | null;
  /** Case-insensitive substring of the class name. */
  classNameFilter?: string | null;
  /** YYYY-MM-DD, inclusive. */
  validFrom: string;
  /** YYYY-MM-DD, inclusive; unset = open-ended. */
  validTo?: string | null;
  kind: PaymentRuleKind;
  flatCents?: number | null;
  hourlyCents?: number | null;
  bookedSlotMode: BookedSlotMode;
  /** per_slot: paid for each booked slot above it; fixed_bonus: bonus from it on. Unset = 0. */
  bookedSlotThreshold?: number | null;
  perSlotCents?: number | null;
  tiers?: readonly BookedSlotTier[] | null;
  fixedBonusCents?: number | null;
  minCents?: number | null;
  maxCents?: number | null;
};

type RuleTermsInput = Pick<
  PaymentTypeRuleInput,
  'category' | 'classNameFilter' | 'validFrom' | 'validTo' | 'kind' | 'flatCents' | 'hourlyCents' | 'bookedSlotMode' | 'bookedSlotThreshold' | 'perSlotCents' | 'fixedBonusCents' | 'minCents' | 'maxCents'
>;

/**
 * What a rule narrows to and pays, every unset field as null, in the order the rule's snapshot and
 * the API's answer list them; the tiers as the caller keeps them (the snapshot freezes them).
 */
export function ruleTermsOf<Tiers>(rule: RuleTermsInput, tiers: Tiers) {
  return {
    category: rule.category ?? null,
    classNameFilter: rule.classNameFilter ?? null,
    validFrom: rule.validFrom,
    validTo: rule.validTo ?? null,
    kind: rule.kind,
    flatCents: rule.flatCents ?? null,
    hourlyCents: rule.hourlyCents ?? null,
    bookedSlotMode: rule.bookedSlotMode,
    bookedSlotThreshold: rule.bookedSlotThreshold ?? null,
    perSlotCents: rule.perSlotCents ?? null,
    tiers,
    fixedBonusCents: rule.fixedBonusCents ?? null,
    minCents: rule.minCents ?? null,
    maxCents: rule.maxCents ?? null,
  };
}

/** The facts of one imported class the engine and the data check use (mirrors StudioClass). */
export type ClassFacts = {
  /** StudioClass.id. */
  id: number;
  studioId: number;
  /** The class's id in the source system, unique within its studio. */
  sourceId: string;
  /** The start as an instant: a Date, or an ISO 8601 string with offset (as Temporal payloads carry it). */
  startsAt: Date | string;
  name: string;
  category: string | null;
  durationMinutes: number;
  bookedSlots: number;
  /** The main trainer, who is paid; null when the source lists none. */
  trainerId: number | null;
  /** Further trainers the source lists; any besides the main trainer block payment. */
  otherTrainerIds: readonly number[];
};

export class InvalidPaymentRuleError extends Error {
  constructor(
    readonly ruleId: number,
    readonly problems: readonly string[],
  ) {
    super(`Payment type rule ${ruleId} is invalid: ${problems.join(', ')}`);
    this.name = 'InvalidPaymentRuleError';
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined;
const isInteger = (value: number | null | undefined): value is number => isSet(value) && Number.isSafeInteger(value);
const isNonNegativeInteger = (value: number | null | undefined): value is number => isInteger(value) && value >= 0;

/**
 * What is wrong with a rule, as problem codes ('flatCents.required', …); empty when it can price a
 * class. The API refuses such rules at the edge; the engine refuses them too rather than paying a
 * silently wrong amount on a credit note.
 */
export function paymentRuleProblems(rule: PaymentTypeRuleInput): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(rule.id)) problems.push('id.invalid');
  if (!ISO_DATE.test(rule.validFrom) || !DateTime.fromISO(rule.validFrom).isValid) problems.push('validFrom.invalid');
  if (!isBlank(rule.validTo)) {
    const validTo = rule.validTo as string;
    if (!ISO_DATE.test(validTo) || !DateTime.fromISO(validTo).isValid) problems.push('validTo.invalid');
    else if (validTo < rule.validFrom) problems.push('validTo.beforeValidFrom');
  }
  if (!(PAYMENT_RULE_KINDS as readonly string[]).includes(rule.kind)) problems.push('kind.invalid');
  if (rule.kind === 'flat' && !isInteger(rule.flatCents)) problems.push('flatCents.required');
  if (rule.kind === 'hourly' && !isInteger(rule.hourlyCents)) problems.push('hourlyCents.required');
  if (!(BOOKED_SLOT_MODES as readonly string[]).includes(rule.bookedSlotMode)) problems.push('bookedSlotMode.invalid');
  if (isSet(rule.bookedSlotThreshold) && !isNonNegativeInteger(rule.bookedSlotThreshold)) problems.push('bookedSlotThreshold.invalid');
  if (rule.bookedSlotMode === 'per_slot' && !isInteger(rule.perSlotCents)) problems.push('perSlotCents.required');
  if (rule.bookedSlotMode === 'fixed_bonus' && !isInteger(rule.fixedBonusCents)) problems.push('fixedBonusCents.required');
  if (rule.bookedSlotMode === 'tiers') {
    const tiers = rule.tiers ?? [];
    if (tiers.length === 0) problems.push('tiers.required');
    else if (!tiers.every((tier) => isNonNegativeInteger(tier.fromBookedSlots) && isInteger(tier.bonusCents))) problems.push('tiers.invalid');
    else if (new Set(tiers.map((tier) => tier.fromBookedSlots)).size !== tiers.length) problems.push('tiers.duplicateFromBookedSlots');
  }
  if (isSet(rule.minCents) && !isInteger(rule.minCents)) problems.push('minCents.invalid');
  if (isSet(rule.maxCents) && !isInteger(rule.maxCents)) problems.push('maxCents.invalid');
  if (isInteger(rule.minCents) && isInteger(rule.maxCents) && rule.minCents > rule.maxCents) problems.push('minCents.aboveMaxCents');
  return problems;
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Case- and whitespace-insensitive key for category and class-name comparisons. */
export function matchKey(text: string | null | undefined): string {
  return (text ?? '').normalize('NFC').trim().toLowerCase();
}

// --- class dates ----------------------------------------------------------------------------------

export const SETTLEMENT_TIME_ZONE = 'Europe/Berlin';

/** The class start as epoch milliseconds; throws on an unparseable value. */
export function classStartMillis(startsAt: Date | string): number {
  const millis = typeof startsAt === 'string' ? Date.parse(startsAt) : startsAt.getTime();
  if (!Number.isFinite(millis)) throw new RangeError(`class start is not a valid instant: ${String(startsAt)}`);
  return millis;
}

const HOUR_MS = 3_600_000;

/** The Berlin dates of UTC hours resolved so far (a fact that never changes), shared by every resolver. */
const berlinDateByUtcHour = new Map<number, string>();
/** Hours kept at most (~11 years); past that the cache starts over, so a long-running worker's stays small. */
const MAX_CACHED_HOURS = 100_000;

/**
 * Resolves instants to their Europe/Berlin calendar date (YYYY-MM-DD), the date a rule's validity is
 * checked against. Berlin's offset is a whole hour and changes only on a whole UTC hour, so the date
 * is constant within a UTC hour: one time-zone conversion per hour instead of one per class (a month
 * has ~720 hours, the benchmark 60,000 classes). The hours are cached for the process, not per
 * resolver: a preparation makes one resolver per chunk of 50 trainers, and each converted the
 * month's hours again.
 */
export function createBerlinDateResolver(): (startMillis: number) => string {
  const byUtcHour = berlinDateByUtcHour;
  return (startMillis) => {
    const hour = Math.floor(startMillis / HOUR_MS);
    const cached = byUtcHour.get(hour);
    if (cached !== undefined) return cached;
    const local = DateTime.fromMillis(startMillis, { zone: SETTLEMENT_TIME_ZONE });
    const date = local.toISODate() as string;
    if (local.offset % 60 === 0) {
      if (byUtcHour.size >= MAX_CACHED_HOURS) byUtcHour.clear();
      byUtcHour.set(hour, date);
    }
    return date;
  };
}

/** The Europe/Berlin calendar date (YYYY-MM-DD) of a class start. */
export function berlinDateOf(startsAt: Date | string): string {
  return DateTime.fromMillis(classStartMillis(startsAt), { zone: SETTLEMENT_TIME_ZONE }).toISODate() as string;
}

// --- matching and precedence ----------------------------------------------------------------------

const TRAINER_BIT = 8;
const STUDIO_BIT = 4;
const CATEGORY_BIT = 2;
const NAME_FILTER_BIT = 1;

type PreparedRule = {
  rule: PaymentTypeRuleInput;
  trainerId: number | null;
  studioId: number | null;
  categoryKey: string | null;
  nameFilterKey: string | null;
  validFrom: string;
  validTo: string | null;
  /** How many narrowing fields are set (0–4). */
  specificity: number;
  /** Which are set, trainer > studio > category > name filter as bits 8, 4, 2, 1. */
  narrowingMask: number;
};

function prepareRule(rule: PaymentTypeRuleInput): PreparedRule {
  const problems = paymentRuleProblems(rule);
  if (problems.length > 0) throw new InvalidPaymentRuleError(rule.id, problems);
  const trainerId = isSet(rule.trainerId) ? rule.trainerId : null;
  const studioId = isSet(rule.studioId) ? rule.studioId : null;
  const categoryKey = isBlank(rule.category) ? null : matchKey(rule.category);
  const nameFilterKey = isBlank(rule.classNameFilter) ? null : matchKey(rule.classNameFilter);
  const narrowingMask =
    (trainerId !== null ? TRAINER_BIT : 0) |
    (studioId !== null ? STUDIO_BIT : 0) |
    (categoryKey !== null ? CATEGORY_BIT : 0) |
    (nameFilterKey !== null ? NAME_FILTER_BIT : 0);
  let specificity = 0;
  for (let bits = narrowingMask; bits > 0; bits >>= 1) specificity += bits & 1;
  return {
    rule,
    trainerId,
    studioId,
    categoryKey,
    nameFilterKey,
    validFrom: rule.validFrom,
    validTo: isBlank(rule.validTo) ? null : (rule.validTo as string),
    specificity,
    narrowingMask,
  };
}

/**
 * Precedence between two rules that both match a class; negative when `a` wins. A total order
 * (given unique rule ids), so the chosen rule never depends on the order rules were loaded in:
 *   1. more narrowing fields set (trainer, studio, category, class-name filter) wins;
 *   2. equally many: the one narrowed by the weightier field wins, fields weighed
 *      trainer > studio > category > class-name filter (compared in that order, like a binary number);
 *   3. the later validFrom wins (the newer rate of the same scope);
 *   4. the lower id wins (the rule created first);
 *   5. (only for duplicate ids, which the database forbids) uuid, then name, for determinism.
 */
function comparePrepared(a: PreparedRule, b: PreparedRule): number {
  if (a.specificity !== b.specificity) return b.specificity - a.specificity;
  if (a.narrowingMask !== b.narrowingMask) return b.narrowingMask - a.narrowingMask;
  if (a.validFrom !== b.validFrom) return a.validFrom > b.validFrom ? -1 : 1;
  if (a.rule.id !== b.rule.id) return a.rule.id - b.rule.id;
  return compareStrings(a.rule.uuid ?? '', b.rule.uuid ?? '') || compareStrings(a.rule.name, b.rule.name);
}

function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Precedence of two payment type rules (see `comparePrepared`); negative when `a` wins. */
export function compareRulePrecedence(a: PaymentTypeRuleInput, b: PaymentTypeRuleInput): number {
  return comparePrepared(prepareRule(a), prepareRule(b));
}

type ClassKeys = { trainerId: number | null; studioId: number; categoryKey: string; nameKey: string; date: string };

function classKeys(facts: ClassFacts, date: string): ClassKeys {
  return { trainerId: facts.trainerId, studioId: facts.studioId, categoryKey: matchKey(facts.category), nameKey: matchKey(facts.name), date };
}

function matches(prepared: PreparedRule, keys: ClassKeys): boolean {
  if (keys.date < prepared.validFrom) return false;
  if (prepared.validTo !== null && keys.date > prepared.validTo) return false;
  if (prepared.trainerId !== null && prepared.trainerId !== keys.trainerId) return false;
  if (prepared.studioId !== null && prepared.studioId !== keys.studioId) return false;
  if (prepared.categoryKey !== null && prepared.categoryKey !== keys.categoryKey) return false;
  if (prepared.nameFilterKey !== null && !keys.nameKey.includes(prepared.nameFilterKey)) return false;
  return true;
}

/** Whether `rule` is valid on the class's Berlin date and all its narrowing fields match the class. */
export function ruleMatchesClass(rule: PaymentTypeRuleInput, facts: ClassFacts): boolean {
  return matches(prepareRule(rule), classKeys(facts, berlinDateOf(facts.startsAt)));
}

/**
 * The rule that prices `facts`: among the rules valid on the class's Berlin date whose narrowing
 * fields all match, the one that wins by `compareRulePrecedence`; null when none matches (the data
 * check reports the class and it is not paid). A linear scan, for one class; many classes go through
 * `createRuleIndex`.
 */
export function selectRule(rules: readonly PaymentTypeRuleInput[], facts: ClassFacts): PaymentTypeRuleInput | null {
  const keys = classKeys(facts, berlinDateOf(facts.startsAt));
  let best: PreparedRule | null = null;
  for (const rule of rules) {
    const prepared = prepareRule(rule);
    if (matches(prepared, keys) && (best === null || comparePrepared(prepared, best) < 0)) best = prepared;
  }
  return best?.rule ?? null;
}

export type RuleIndex = {
  /** As `selectRule`, given the class's Berlin date (from a `createBerlinDateResolver`). */
  select(facts: ClassFacts, berlinDate: string): PaymentTypeRuleInput | null;
};

const ANY = '*';
const bucketKey = (trainerId: number | string, studioId: number | string) => `${trainerId}|${studioId}`;

/**
 * Rules validated once and bucketed by (trainer or any) × (studio or any), each bucket sorted by
 * precedence. A class looks at its four buckets only, takes the first match in each (the bucket's
 * best) and the best of those: the same answer as `selectRule`, without scanning other trainers' or
 * studios' rules.
 */
export function createRuleIndex(rules: readonly PaymentTypeRuleInput[]): RuleIndex {
  const buckets = new Map<string, PreparedRule[]>();
  for (const rule of rules) {
    const prepared = prepareRule(rule);
    const key = bucketKey(prepared.trainerId ?? ANY, prepared.studioId ?? ANY);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(prepared);
    else buckets.set(key, [prepared]);
  }
  for (const bucket of buckets.values()) bucket.sort(comparePrepared);

  const firstMatch = (key: string, keys: ClassKeys): PreparedRule | null => {
    const bucket = buckets.get(key);
    if (!bucket) return null;
    for (const prepared of bucket) if (matches(prepared, keys)) return prepared;
    return null;
  };

  return {
    select(facts, berlinDate) {
      const keys = classKeys(facts, berlinDate);
      const candidates = [firstMatch(bucketKey(ANY, facts.studioId), keys), firstMatch(bucketKey(ANY, ANY), keys)];
      if (facts.trainerId !== null) {
        candidates.push(firstMatch(bucketKey(facts.trainerId, facts.studioId), keys), firstMatch(bucketKey(facts.trainerId, ANY), keys));
      }
      let best: PreparedRule | null = null;
      for (const candidate of candidates) {
        if (candidate !== null && (best === null || comparePrepared(candidate, best) < 0)) best = candidate;
      }
      return best?.rule ?? null;
    },
  };
}
