import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fromPayoutSummary, payoutReason, payoutStatusLabel } from './payout-status';
import { payoutStatusEn } from './texts';

// The badge staff read on the settlement summary, the credit-note run and the Payouts screen: the
// bank's reason code before its meaning; the trainer's side keeps the meaning alone.

const t = ((key: string, params: Record<string, string> = {}) => {
  const text = key
    .replace(/^payoutStatus\./, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], payoutStatusEn);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}) as unknown as TFunction;

const summary = { payoutUuid: '00000000-0000-4000-8000-000000000001', endToEndId: 'GS-2026-00042', repaidBy: null } as const;

describe('payout badge words', () => {
  it('a returned payout of a summary shows the code and the staff wording', () => {
    const view = fromPayoutSummary({ ...summary, status: 'returned', paidOn: null, reason: 'The account has been closed — please check your IBAN.', reasonCode: 'AC04' });
    expect(payoutStatusLabel(t, 'en', view)).toBe('returned: AC04 · the account is closed');
  });

  it('an unknown code with the bank\'s words shows both; without words the code once', () => {
    expect(payoutStatusLabel(t, 'en', { status: 'rejected', reasonCode: 'XT99', reasonText: 'creditor bank closed' })).toBe('rejected: XT99 · creditor bank closed');
    expect(payoutStatusLabel(t, 'en', { status: 'rejected', reasonCode: 'xt99' })).toBe('rejected: reason code XT99');
  });

  it('the trainer\'s reason stays without the code', () => {
    expect(payoutReason(t, { reasonText: 'The account has been closed — please check your IBAN.' })).toBe('The account has been closed — please check your IBAN.');
  });
});
