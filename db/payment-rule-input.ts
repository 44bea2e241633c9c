import { ruleTermsOf, type PaymentTypeRuleInput } from '../domain/pay/rules';
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
    ...ruleTermsOf(rule, rule.tiers ?? null),
    // The entity's date columns as the engine's YYYY-MM-DD.
    validFrom: isoDateOf(rule.validFrom),
    validTo: rule.validTo ? isoDateOf(rule.validTo) : null,
  };
}
