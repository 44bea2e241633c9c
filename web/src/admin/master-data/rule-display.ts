import { DateTime } from 'luxon';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPaymentTypeRule, TUpdatePaymentTypeRuleRequest } from '../../../../contracts/payment-type-rule.contract';
import { formatMoney } from '../../shared/format';

export type RuleStatus = 'active' | 'upcoming' | 'ended' | 'replaced';

export const todayIso = () => DateTime.local().toISODate() ?? '';

/** Where a rule stands today: a continued (replaced) rule is history like an ended one. */
export function ruleStatus(rule: Pick<TPaymentTypeRule, 'validFrom' | 'validTo' | 'replacedByRuleUuid'>, today = todayIso()): RuleStatus {
  if (rule.validTo !== null && rule.validTo < today) return rule.replacedByRuleUuid ? 'replaced' : 'ended';
  if (rule.validFrom > today) return 'upcoming';
  return 'active';
}

export const RULE_STATUS_COLOR: Record<RuleStatus, string> = { active: 'green', upcoming: 'blue', ended: 'gray', replaced: 'gray' };

/** Whether a rule can apply to the trainer / studio picked in the filters (unset narrowing = any, as the API filters). */
export function ruleAppliesTo(rule: TPaymentTypeRule, filter: { trainerId: number | null; studioUuid: string | null }): boolean {
  if (filter.trainerId !== null && rule.trainer !== null && rule.trainer.id !== filter.trainerId) return false;
  if (filter.studioUuid !== null && rule.studio !== null && rule.studio.uuid !== filter.studioUuid) return false;
  return true;
}

/** A rule's current values as a PUT body, to change only some of them (ending a rule). */
export function updateBodyOf(rule: TPaymentTypeRule, change: { validTo: string | null; effectiveFrom: string }): TUpdatePaymentTypeRuleRequest {
  return {
    name: rule.name,
    trainerId: rule.trainer?.id ?? null,
    studioUuid: rule.studio?.uuid ?? null,
    category: rule.category,
    classNameFilter: rule.classNameFilter,
    kind: rule.kind,
    flatCents: rule.flatCents,
    hourlyCents: rule.hourlyCents,
    bookedSlotMode: rule.bookedSlotMode,
    bookedSlotThreshold: rule.bookedSlotThreshold,
    perSlotCents: rule.perSlotCents,
    tiers: rule.tiers,
    fixedBonusCents: rule.fixedBonusCents,
    minCents: rule.minCents,
    maxCents: rule.maxCents,
    ...change,
  };
}

/** The day after a YYYY-MM-DD date. */
export const dayAfter = (isoDate: string) => DateTime.fromISO(isoDate).plus({ days: 1 }).toISODate() ?? isoDate;

/** Texts of a rule's grid cells: what it applies to, its rate, booked-slot extra and limits. */
export function useRuleTexts() {
  const { t } = useTranslation();
  const scope = useCallback(
    (rule: TPaymentTypeRule) => {
      const parts = [
        rule.trainer && t('masterData.rules.scope.trainer', { name: rule.trainer.name }),
        rule.studio && t('masterData.rules.scope.studio', { name: rule.studio.name }),
        rule.category && t('masterData.rules.scope.category', { name: rule.category }),
        rule.classNameFilter && t('masterData.rules.scope.className', { text: rule.classNameFilter }),
      ].filter(Boolean);
      return parts.length ? parts.join(' · ') : t('masterData.rules.scope.everything');
    },
    [t],
  );
  const rate = useCallback(
    (rule: TPaymentTypeRule) =>
      rule.kind === 'flat'
        ? t('masterData.rules.rate.flat', { amount: formatMoney(rule.flatCents ?? 0) })
        : t('masterData.rules.rate.hourly', { amount: formatMoney(rule.hourlyCents ?? 0) }),
    [t],
  );
  const extra = useCallback(
    (rule: TPaymentTypeRule) => {
      const threshold = rule.bookedSlotThreshold ?? 0;
      switch (rule.bookedSlotMode) {
        case 'per_slot':
          return t('masterData.rules.extra.perSlot', { amount: formatMoney(rule.perSlotCents ?? 0), threshold });
        case 'fixed_bonus':
          return t('masterData.rules.extra.fixedBonus', { amount: formatMoney(rule.fixedBonusCents ?? 0), threshold });
        case 'tiers':
          return (rule.tiers ?? []).map((tier) => t('masterData.rules.extra.tier', { from: tier.fromBookedSlots, amount: formatMoney(tier.bonusCents) })).join(' · ');
        default:
          return '–';
      }
    },
    [t],
  );
  const limits = useCallback(
    (rule: TPaymentTypeRule) => {
      const parts = [
        rule.minCents !== null && t('masterData.rules.limits.min', { amount: formatMoney(rule.minCents) }),
        rule.maxCents !== null && t('masterData.rules.limits.max', { amount: formatMoney(rule.maxCents) }),
      ].filter(Boolean);
      return parts.length ? parts.join(' · ') : '–';
    },
    [t],
  );
  return { scope, rate, extra, limits };
}
