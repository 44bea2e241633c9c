import type { PaymentTypeRuleInput } from '../domain/pay';
import { isoDateOf } from '../domain/settlement/month';
import type { PaymentTypeRule } from './entities';

/** A stored payment type rule as the pay engine takes it (preparation prices with it, master data checks it). */
export function paymentRuleInputOf(rule: PaymentTypeRule): PaymentTypeRuleInput {
  return {
    id: rule.id,
    uuid: rule.uuid,
    name: rule.name,
    trainerId: rule.trainer?.id ?? null,
    studioId: rule.studio?.id ?? null,
    category: rule.category ?? null,
    classNameFilter: rule.classNameFilter ?? null,
    validFrom: isoDateOf(rule.validFrom),
    validTo: rule.validTo ? isoDateOf(rule.validTo) : null,
    kind: rule.kind,
    flatCents: rule.flatCents ?? null,
    hourlyCents: rule.hourlyCents ?? null,
    bookedSlotMode: rule.bookedSlotMode,
    bookedSlotThreshold: rule.bookedSlotThreshold ?? null,
    perSlotCents: rule.perSlotCents ?? null,
    tiers: rule.tiers ?? null,
    fixedBonusCents: rule.fixedBonusCents ?? null,
    minCents: rule.minCents ?? null,
    maxCents: rule.maxCents ?? null,
  };
}
