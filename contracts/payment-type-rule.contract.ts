import { z } from 'zod';
import { BOOKED_SLOT_MODES, PAYMENT_RULE_KINDS } from '../domain/pay/rules';
import { ZCalendarDate, ZOptionalText, ZRequiredText, ZSuccess, dayBefore, isCalendarDate } from './master-data.contract';

// Payment type rules (DESIGN "Payment type rules"): amounts are integer cents; the web form shows and
// takes euros. A rule is dated and never rewritten for the past: an edit carries `effectiveFrom`.
//
// Money rule (DESIGN "Money in answers"): the specs name no field of a rule (admin spec
// 2.14 only mentions "hourly-rate fields" and "calculated additional euro amounts" of the rule-check
// report), so these are not spec amount fields that must carry euros. They stay
// integer cents, the unit the pay calculation and the settlement snapshots use, and every one says so
// in its name (flatCents, hourlyCents, perSlotCents, bonusCents, fixedBonusCents, minCents, maxCents):
// no float ever enters a stored rate, and a client cannot mistake 2500 for euros.

/** The largest amount a rule may pay or add per class: 100,000.00 EUR (a typo guard well below int4). */
export const MAX_RULE_CENTS = 10_000_000;
export const MAX_TIERS = 20;
const MAX_BOOKED_SLOTS = 100_000;

export const ZRuleKind = z.enum(PAYMENT_RULE_KINDS);
export const ZBookedSlotMode = z.enum(BOOKED_SLOT_MODES);

/** An amount in cents: a whole number, not negative, at most MAX_RULE_CENTS. */
export const ZRuleCents = z
  .number({ error: 'masterData.rule.amountNotCents' })
  .min(0, { error: 'masterData.rule.amountNegative' })
  .max(MAX_RULE_CENTS, { error: 'masterData.rule.amountTooLarge' })
  // A refinement rather than .int(): a fraction of a cent is a wrong amount, not a missing one.
  .refine(Number.isSafeInteger, { error: 'masterData.rule.amountNotCents' });

const ZOptionalCents = ZRuleCents.nullish().transform((value) => value ?? null);

const ZBookedSlots = z
  .number({ error: 'masterData.rule.thresholdInvalid' })
  .min(0, { error: 'masterData.rule.thresholdInvalid' })
  .max(MAX_BOOKED_SLOTS, { error: 'masterData.rule.thresholdInvalid' })
  .refine(Number.isSafeInteger, { error: 'masterData.rule.thresholdInvalid' });

export const ZBookedSlotTier = z.object({ fromBookedSlots: ZBookedSlots, bonusCents: ZRuleCents });
export type TBookedSlotTier = z.infer<typeof ZBookedSlotTier>;

/** What a rule says, without its dates: narrowing, kind and amounts. */
const ruleValueShape = {
  name: ZRequiredText,
  /** Narrowing to one trainer of the group (Trainer.id, as in /admin/trainer/{id}/edit); null = any. */
  trainerId: z
    .number({ error: 'validation.invalid' })
    .positive({ error: 'validation.invalid' })
    .refine(Number.isSafeInteger, { error: 'validation.invalid' })
    .nullish()
    .transform((value) => value ?? null),
  /** Narrowing to one studio of the group; null = any. */
  studioUuid: z.uuid({ error: 'validation.uuid' }).nullish().transform((value) => value ?? null),
  /** Class category, compared case-insensitively as a whole; null = any. */
  category: ZOptionalText,
  /** Case-insensitive part of the class name; null = any. */
  classNameFilter: ZOptionalText,
  /** Last day, inclusive; null = open-ended. */
  validTo: ZCalendarDate.nullish().transform((value) => value ?? null),
  kind: ZRuleKind,
  flatCents: ZOptionalCents,
  hourlyCents: ZOptionalCents,
  bookedSlotMode: ZBookedSlotMode.default('none'),
  /** per_slot: paid for each booked slot above it; fixed_bonus: the bonus from it on. */
  bookedSlotThreshold: ZBookedSlots.nullish().transform((value) => value ?? null),
  perSlotCents: ZOptionalCents,
  tiers: z.array(ZBookedSlotTier).max(MAX_TIERS, { error: 'masterData.rule.tiersTooMany' }).nullish().transform((value) => value ?? null),
  fixedBonusCents: ZOptionalCents,
  minCents: ZOptionalCents,
  maxCents: ZOptionalCents,
};

type RuleValues = z.output<z.ZodObject<typeof ruleValueShape>>;
type IssueSink = { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void };

/** The rules between fields: an amount for the kind and booked-slot mode, ascending tiers, min ≤ max. */
function checkRuleValues(rule: RuleValues, ctx: IssueSink) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', message, path });
  if (rule.kind === 'flat' && rule.flatCents === null) issue(['flatCents'], 'masterData.rule.flatRequired');
  if (rule.kind === 'hourly' && rule.hourlyCents === null) issue(['hourlyCents'], 'masterData.rule.hourlyRequired');
  if (rule.bookedSlotMode === 'per_slot') {
    if (rule.bookedSlotThreshold === null) issue(['bookedSlotThreshold'], 'masterData.rule.thresholdRequired');
    if (rule.perSlotCents === null) issue(['perSlotCents'], 'masterData.rule.perSlotRequired');
  }
  if (rule.bookedSlotMode === 'fixed_bonus') {
    if (rule.bookedSlotThreshold === null) issue(['bookedSlotThreshold'], 'masterData.rule.thresholdRequired');
    if (rule.fixedBonusCents === null) issue(['fixedBonusCents'], 'masterData.rule.fixedBonusRequired');
  }
  if (rule.bookedSlotMode === 'tiers') {
    const tiers = rule.tiers ?? [];
    if (tiers.length === 0) issue(['tiers'], 'masterData.rule.tiersRequired');
    tiers.forEach((tier, index) => {
      if (index > 0 && tier.fromBookedSlots <= tiers[index - 1].fromBookedSlots) issue(['tiers', index, 'fromBookedSlots'], 'masterData.rule.tiersAscending');
    });
  }
  if (rule.minCents !== null && rule.maxCents !== null && rule.minCents > rule.maxCents) issue(['minCents'], 'masterData.rule.minAboveMax');
}

/** Fields that do not belong to the kind or booked-slot mode are dropped, so the stored rule says one thing. */
function withoutUnusedFields<T extends RuleValues>(rule: T): T {
  const mode = rule.bookedSlotMode;
  return {
    ...rule,
    flatCents: rule.kind === 'flat' ? rule.flatCents : null,
    hourlyCents: rule.kind === 'hourly' ? rule.hourlyCents : null,
    bookedSlotThreshold: mode === 'per_slot' || mode === 'fixed_bonus' ? rule.bookedSlotThreshold : null,
    perSlotCents: mode === 'per_slot' ? rule.perSlotCents : null,
    tiers: mode === 'tiers' ? rule.tiers : null,
    fixedBonusCents: mode === 'fixed_bonus' ? rule.fixedBonusCents : null,
  };
}

/** POST /api/v1/{g}/payment-type-rules. */
export const ZCreatePaymentTypeRuleRequest = z
  .object({ ...ruleValueShape, validFrom: ZCalendarDate })
  .superRefine((rule, ctx) => {
    checkRuleValues(rule, ctx);
    if (rule.validTo !== null && rule.validTo < rule.validFrom) {
      ctx.addIssue({ code: 'custom', message: 'masterData.rule.validToBeforeValidFrom', path: ['validTo'] });
    }
  })
  .transform(withoutUnusedFields);
export type TCreatePaymentTypeRuleRequest = z.input<typeof ZCreatePaymentTypeRuleRequest>;
export type TCreatePaymentTypeRuleValues = z.output<typeof ZCreatePaymentTypeRuleRequest>;

/**
 * PUT /api/v1/{g}/payment-type-rules/{uuid}: the new values and the day they apply from. Classes
 * before `effectiveFrom` keep the old values: if the rule priced any, it ends the day before and a new
 * rule (replacing it) starts on `effectiveFrom`. `validTo` may be `effectiveFrom` − 1 day to end the
 * rule without a successor.
 */
export const ZUpdatePaymentTypeRuleRequest = z
  .object({ ...ruleValueShape, effectiveFrom: ZCalendarDate })
  .superRefine((rule, ctx) => {
    checkRuleValues(rule, ctx);
    // An effectiveFrom that is no calendar day is reported by its own field check; zod still runs this refinement.
    if (!isCalendarDate(rule.effectiveFrom)) return;
    if (rule.validTo !== null && rule.validTo < dayBefore(rule.effectiveFrom)) {
      ctx.addIssue({ code: 'custom', message: 'masterData.rule.validToBeforeEffectiveFrom', path: ['validTo'] });
    }
  })
  .transform(withoutUnusedFields);
export type TUpdatePaymentTypeRuleRequest = z.input<typeof ZUpdatePaymentTypeRuleRequest>;
export type TUpdatePaymentTypeRuleValues = z.output<typeof ZUpdatePaymentTypeRuleRequest>;

/** GET /api/v1/{g}/payment-type-rules?trainerId&studioUuid: rules that can apply to that trainer / studio (unset narrowing = any). */
export const ZPaymentTypeRuleListQuery = z.object({
  trainerId: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).optional(),
  studioUuid: z.uuid({ error: 'validation.uuid' }).optional(),
});
export type TPaymentTypeRuleListQuery = z.infer<typeof ZPaymentTypeRuleListQuery>;

export const ZPaymentTypeRule = z.object({
  uuid: z.string(),
  name: z.string(),
  trainer: z.object({ id: z.number().int(), uuid: z.string(), name: z.string() }).nullable(),
  studio: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  category: z.string().nullable(),
  classNameFilter: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  kind: ZRuleKind,
  flatCents: z.number().int().nullable(),
  hourlyCents: z.number().int().nullable(),
  bookedSlotMode: ZBookedSlotMode,
  bookedSlotThreshold: z.number().int().nullable(),
  perSlotCents: z.number().int().nullable(),
  tiers: z.array(ZBookedSlotTier).nullable(),
  fixedBonusCents: z.number().int().nullable(),
  minCents: z.number().int().nullable(),
  maxCents: z.number().int().nullable(),
  /** The rule this one continues with new values (it ended the day before this one starts). */
  replacesRuleUuid: z.string().nullable(),
  /** The rule that continues this one, if any. */
  replacedByRuleUuid: z.string().nullable(),
  /** Whether a class in its validity matches it or a settlement used it: then it cannot be deleted. */
  inUse: z.boolean(),
  updatedAt: z.string(),
});
export type TPaymentTypeRule = z.infer<typeof ZPaymentTypeRule>;

export const ZPaymentTypeRuleList = z.array(ZPaymentTypeRule);

/**
 * Answer of POST and PUT. `outcome`: created; updated (in place: no class before `effectiveFrom`);
 * replaced (the old rule ended, `rule` is the new one, `previousRule` the ended one); ended (the rule
 * only got an earlier valid-to date).
 */
export const ZPaymentTypeRuleSaved = ZSuccess.extend({
  outcome: z.enum(['created', 'updated', 'replaced', 'ended']),
  rule: ZPaymentTypeRule,
  previousRule: ZPaymentTypeRule.nullable(),
});
export type TPaymentTypeRuleSaved = z.infer<typeof ZPaymentTypeRuleSaved>;
