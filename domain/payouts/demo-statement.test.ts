import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BankBooking } from './bank-file.types';
import { readAllBankEntries } from './bank-file';
import { matchBankEntries } from './bank-matching';
import { buildDemoStatement, DEMO_RETURN, plusBankDays } from './demo-statement';

const payout = (number: number, amountCents: number, block = 'PMT-1') => ({
  endToEndId: `GS-2026-0000${number}`,
  amountCents,
  creditorIban: 'DE02120300000000202051',
  creditorName: `Trainer ${number}`,
  sepaMessageId: 'MSG-1',
  sepaPaymentInfoId: block,
});

describe('the demo bank statement', () => {
  it('books every payout of the run and returns the last one, less the fee, as a closed account', async () => {
    const xml = buildDemoStatement({
      account: { iban: 'DE89370400440532013000', ownerName: 'Demo Fitness Group' },
      month: '2026-10',
      runKey: 'abcd1234',
      executedOn: '2026-11-06', // a Friday
      payouts: [payout(3, 45_600), payout(1, 123_456), payout(2, 10_000, 'PMT-2')],
    });
    const { identity, entries } = await readAllBankEntries(Readable.from([xml]));
    expect(identity).toMatchObject({ kind: 'camt.053', message: 'camt.053.001.08', accountIban: 'DE89370400440532013000', messageId: 'DEMO-2026-10-abcd1234' });
    const bookings = entries as BankBooking[];
    const debits = bookings.filter((entry) => entry.creditDebit === 'DBIT');
    expect(debits.map((entry) => [entry.endToEndId, entry.amountCents, entry.bookingDate])).toEqual([
      ['GS-2026-00001', 123_456, '2026-11-10'],
      ['GS-2026-00003', 45_600, '2026-11-10'],
      ['GS-2026-00002', 10_000, '2026-11-10'],
    ]);
    const [back] = bookings.filter((entry) => entry.creditDebit === 'CRDT');
    expect(back).toMatchObject({ endToEndId: 'GS-2026-00003', amountCents: 45_600 - DEMO_RETURN.feeCents, chargesCents: DEMO_RETURN.feeCents, bookingDate: '2026-11-13' });
    expect(back!.returnReason?.code).toBe('AC04');

    // What the upload will make of it: the payouts paid, the last one then returned with its fee.
    const payouts = [payout(1, 123_456), payout(2, 10_000, 'PMT-2'), payout(3, 45_600)].map((one) => ({
      payoutUuid: one.endToEndId,
      endToEndId: one.endToEndId,
      amountCents: one.amountCents,
      currency: 'EUR',
      creditorIban: one.creditorIban,
      sepaMessageId: one.sepaMessageId,
      paymentInformationId: one.sepaPaymentInfoId,
      status: 'open' as const,
      statusSource: null,
    }));
    const matched = matchBankEntries({ identity, entries, payouts, earlier: [] });
    expect(matched.issues).toEqual([]);
    expect(matched.outcomes.at(-1)).toMatchObject({ outcome: 'returned', payoutUuid: 'GS-2026-00003', reasonCode: 'AC04', feeCents: 350 });
    expect(matched.outcomes.filter((outcome) => outcome.outcome === 'paid').map((outcome) => outcome.payoutUuid).sort()).toEqual(['GS-2026-00001', 'GS-2026-00002', 'GS-2026-00003']);
  });

  it('counts bank days, not weekends', () => {
    expect(plusBankDays('2026-11-06', 2)).toBe('2026-11-10');
    expect(plusBankDays('2026-11-09', 2)).toBe('2026-11-11');
  });
});
