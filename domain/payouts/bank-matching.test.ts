import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import {
  buildCamt053,
  buildCamt054,
  buildPain002,
  matchBankEntries,
  payoutFileEntry,
  readAllBankEntries,
  type BuildPain002Input,
  type BuiltEntry,
  type EarlierOutcome,
  type MatchResult,
  type PayoutForMatching,
} from './index';

// The matcher is fed files as the builders write them and the reader reads them: what the admin
// uploads, end to end, minus the database.
const ACCOUNT = 'DE44500105175407324931';
const FILE = 'TP0a1b2c3d4e5f';

function payout(number: number, overrides: Partial<PayoutForMatching> = {}): PayoutForMatching {
  return {
    payoutUuid: `payout-${number}`,
    endToEndId: `GS-2026-${String(number).padStart(5, '0')}`,
    amountCents: 10_000 + number,
    currency: 'EUR',
    creditorIban: ['DE02120300000000202051', 'DE89370400440532013000', 'AT611904300234573201'][number % 3],
    sepaMessageId: FILE,
    paymentInformationId: FILE,
    status: 'open',
    statusSource: null,
    ...overrides,
  };
}
const asPaid = (p: PayoutForMatching) => ({ endToEndId: p.endToEndId, amountCents: p.amountCents, creditorIban: p.creditorIban });

async function matchStatement(entries: BuiltEntry[], payouts: PayoutForMatching[], earlier: EarlierOutcome[] = [], version: '02' | '08' = '08'): Promise<MatchResult> {
  const xml = buildCamt053({ version, account: { iban: ACCOUNT }, messageId: 'STMT-11', sequence: 11, entries });
  const { identity, entries: read } = await readAllBankEntries(Readable.from([Buffer.from(xml)]));
  return matchBankEntries({ identity, entries: read, payouts, earlier });
}

async function matchReport(input: Omit<BuildPain002Input, 'messageId' | 'createdAt' | 'version'>, payouts: PayoutForMatching[], earlier: EarlierOutcome[] = []): Promise<MatchResult> {
  const xml = buildPain002({ version: '10', messageId: 'PSR-1', createdAt: '2026-11-05T09:00:00Z', ...input });
  const { identity, entries } = await readAllBankEntries(Readable.from([Buffer.from(xml)]));
  return matchBankEntries({ identity, entries, payouts, earlier });
}

const outcomes = (result: MatchResult) => result.outcomes.map((outcome) => `${outcome.payoutUuid} ${outcome.outcome}`);
const issues = (result: MatchResult) => result.issues.map((issue) => `${issue.kind} ${issue.messageKey} ${issue.payoutUuid ?? '-'}`);

describe('matchBankEntries: statements', () => {
  const three = [payout(1), payout(2), payout(3)];

  it('marks every payout of a batch booking with details paid, with its booking date and bank reference', async () => {
    const result = await matchStatement([payoutFileEntry({ messageId: FILE, paymentInformationId: FILE, bookingDate: '2026-11-05', bankReference: 'B-1', payouts: three.map(asPaid) })], three);
    expect(result.outcomes).toEqual(
      three.map((p, index) => ({
        outcome: 'paid',
        payoutUuid: p.payoutUuid,
        bookingDate: '2026-11-05',
        valueDate: '2026-11-05',
        bankReference: `B-1-${index + 1}`,
        byBatchSum: false,
        position: { entryNumber: 1, transactionNumber: index + 1, bankReference: `B-1-${index + 1}`, endToEndId: p.endToEndId, amountCents: p.amountCents, bookingDate: '2026-11-05', reasonCode: null, reasonText: null },
      })),
    );
    expect(result.issues).toEqual([]);
  });

  it('matches single bookings in a camt.054.001.02 too', async () => {
    const [p] = three;
    const xml = buildCamt054({ version: '02', account: { iban: ACCOUNT }, messageId: 'N-1', sequence: 1, entries: [{ amountCents: p.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'N-REF', transactions: [{ ...asPaid(p), messageId: FILE }] }] });
    const { identity, entries } = await readAllBankEntries(Readable.from([Buffer.from(xml)]));
    expect(outcomes(matchBankEntries({ identity, entries, payouts: three, earlier: [] }))).toEqual(['payout-1 paid']);
  });

  it('a batch booking without details: all payouts of the file paid when sum and count agree, leaving out the rejected ones', async () => {
    const rejected = payout(3, { status: 'rejected', statusSource: { fileMessageId: 'PSR-0', bankReference: `${FILE}/transaction/GS-2026-00003` } });
    const payouts = [payout(1), payout(2), rejected, payout(4, { sepaMessageId: 'TPother', paymentInformationId: 'TPother' })];
    const entry = payoutFileEntry({ messageId: FILE, paymentInformationId: FILE, bookingDate: '2026-11-05', bankReference: 'B-2', payouts: [payouts[0], payouts[1]].map(asPaid), withoutDetails: true });
    const result = await matchStatement([entry], payouts);
    expect(outcomes(result)).toEqual(['payout-1 paid', 'payout-2 paid']);
    expect(result.outcomes.every((outcome) => outcome.outcome === 'paid' && outcome.byBatchSum && outcome.bankReference === 'B-2')).toBe(true);
  });

  it('a batch booking whose sum differs is reported, and pays nobody', async () => {
    const entry = payoutFileEntry({ messageId: FILE, paymentInformationId: FILE, bookingDate: '2026-11-05', bankReference: 'B-3', payouts: three.map(asPaid), withoutDetails: true });
    const result = await matchStatement([{ ...entry, amountCents: entry.amountCents - 1 }], three);
    expect(result.outcomes).toEqual([]);
    expect(issues(result)).toEqual(['mismatch bankMatch.batchSumDiffers -']);
    expect(translate('en', result.issues[0].messageKey, result.issues[0].params)).toBe(
      `Payout file ${FILE}: the bank booked 300.05 EUR for 3 payments, the file holds 300.06 EUR for 3. Please check the statement with the bank.`,
    );
  });

  it('a batch booking of a payout file TrainerPay does not know is unmatched', async () => {
    const entry = payoutFileEntry({ messageId: 'TPunknown', paymentInformationId: 'TPunknown', bookingDate: '2026-11-05', bankReference: 'B-4', payouts: three.map(asPaid), withoutDetails: true });
    expect(issues(await matchStatement([entry], three))).toEqual(['unmatched bankMatch.noPayoutFile -']);
  });

  it('amount, currency and IBAN must be the payout\'s: a disagreeing entry is listed, not applied', async () => {
    const [a, b, c] = three;
    const entries: BuiltEntry[] = [
      { amountCents: a.amountCents + 1, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'S-1', transactions: [{ ...asPaid(a), amountCents: a.amountCents + 1 }] },
      { amountCents: b.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'S-2', transactions: [{ ...asPaid(b), creditorIban: 'DE02500105170137075030' }] },
      { amountCents: c.amountCents, creditDebit: 'DBIT', currency: 'CHF', bookingDate: '2026-11-05', bankReference: 'S-3', transactions: [asPaid(c)] },
    ];
    const result = await matchStatement(entries, three);
    expect(result.outcomes).toEqual([]);
    expect(issues(result)).toEqual(['mismatch bankMatch.amountDiffers payout-1', 'mismatch bankMatch.ibanDiffers payout-2', 'mismatch bankMatch.currencyDiffers payout-3']);
    expect(translate('de', result.issues[0].messageKey, result.issues[0].params)).toBe('Auszahlung GS-2026-00001: Die Bank zeigt 100.02 EUR, TrainerPay hat 100.01 EUR ausgezahlt.');
  });

  it('entries that are not ours are ignored; a reference of ours that matches nothing is listed', async () => {
    const result = await matchStatement(
      [
        { amountCents: 990, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'FEE', bankTransactionCode: 'ACMT/MDOP/CHRG' },
        { amountCents: 50_000, creditDebit: 'CRDT', bookingDate: '2026-11-05', bankReference: 'IN', transactions: [{ endToEndId: 'INV-77', amountCents: 50_000, creditDebit: 'CRDT' }] },
        { amountCents: 100, creditDebit: 'DBIT', status: 'PDNG', bookingDate: '2026-11-30', transactions: [{ ...asPaid(three[0]), amountCents: 100 }] },
        { amountCents: 4_200, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'X', transactions: [{ endToEndId: 'GS-2026-09999', amountCents: 4_200 }] },
      ],
      three,
    );
    expect(result.ignored).toBe(3);
    expect(issues(result)).toEqual(['unmatched bankMatch.noPayout -']);
    expect(result.outcomes).toEqual([]);
  });

  it('a return naming no payout of ours is listed with its booking date, amount and the bank\'s reason, never guessed', async () => {
    const result = await matchStatement(
      [{ amountCents: 4_650, creditDebit: 'CRDT', bookingDate: '2026-11-13', bankReference: 'R-9', bankTransactionCode: 'PMNT/ICDT/RRTN', transactions: [{ endToEndId: 'GS-2019-00001', amountCents: 4_650, creditDebit: 'CRDT', returnReason: { code: 'MD07', additionalInformation: 'Kontoinhaber verstorben' } }] }],
      [payout(1)],
    );
    expect(result.outcomes).toEqual([]);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({
      kind: 'unmatched',
      messageKey: 'bankMatch.noPayout',
      position: { endToEndId: 'GS-2019-00001', amountCents: 4_650, bookingDate: '2026-11-13', bankReference: 'R-9', reasonCode: 'MD07', reasonText: 'Kontoinhaber verstorben' },
    });
  });

  it('a return: reason code, returned amount, fee and booking date; less than paid is flagged partial', async () => {
    const p = payout(1, { status: 'paid', statusSource: { fileMessageId: 'STMT-10', bankReference: 'B-0-1' } });
    const result = await matchStatement(
      [{ amountCents: p.amountCents - 250, creditDebit: 'CRDT', bookingDate: '2026-11-12', bankReference: 'R-1', bankTransactionCode: 'PMNT/ICDT/RRTN', transactions: [{ ...asPaid(p), amountCents: p.amountCents - 250, creditDebit: 'CRDT', returnReason: { code: 'AC04', additionalInformation: 'Konto erloschen' }, chargesCents: 250 }] }],
      [p],
    );
    expect(result.outcomes).toEqual([
      {
        outcome: 'returned',
        payoutUuid: 'payout-1',
        reasonCode: 'AC04',
        reasonText: 'Konto erloschen',
        returnedCents: p.amountCents - 250,
        feeCents: 250,
        partial: true,
        bookingDate: '2026-11-12',
        bankReference: 'R-1',
        position: { entryNumber: 1, transactionNumber: 1, bankReference: 'R-1', endToEndId: p.endToEndId, amountCents: p.amountCents - 250, bookingDate: '2026-11-12', reasonCode: 'AC04', reasonText: 'Konto erloschen' },
      },
    ]);
  });

  it('a payout paid and returned in the same statement is both, in that order, whatever the order of the entries', async () => {
    const p = payout(2);
    const result = await matchStatement(
      [
        { amountCents: p.amountCents, creditDebit: 'CRDT', bookingDate: '2026-11-20', bankReference: 'R-2', transactions: [{ ...asPaid(p), creditDebit: 'CRDT', returnReason: { code: 'MD07' } }] },
        { amountCents: p.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'P-2', transactions: [asPaid(p)] },
      ],
      [p],
    );
    expect(outcomes(result)).toEqual(['payout-2 paid', 'payout-2 returned']);
    expect(result.outcomes[1]).toMatchObject({ partial: false, feeCents: 0, reasonCode: 'MD07' });
  });

  it('a reversal of the debit (RvslInd) is a return; a credit with our reference but no return mark is listed, not guessed', async () => {
    const [a, b] = three;
    const result = await matchStatement(
      [
        { amountCents: a.amountCents, creditDebit: 'DBIT', reversal: true, bookingDate: '2026-11-06', bankReference: 'V-1', transactions: [asPaid(a)] },
        { amountCents: b.amountCents, creditDebit: 'CRDT', bookingDate: '2026-11-06', bankReference: 'C-1', transactions: [{ ...asPaid(b), creditDebit: 'CRDT' }] },
      ],
      three,
    );
    expect(outcomes(result)).toEqual(['payout-1 returned']);
    expect(issues(result)).toEqual(['unmatched bankMatch.creditNotReturn payout-2']);
  });

  it('a return of more than was paid, or without a credit note number, is listed', async () => {
    const [a] = three;
    const result = await matchStatement(
      [
        { amountCents: a.amountCents + 100, creditDebit: 'CRDT', bookingDate: '2026-11-06', bankReference: 'R-3', transactions: [{ ...asPaid(a), amountCents: a.amountCents + 100, creditDebit: 'CRDT', returnReason: { code: 'AC01' } }] },
        { amountCents: 700, creditDebit: 'CRDT', bookingDate: '2026-11-06', bankReference: 'R-4', transactions: [{ endToEndId: null, amountCents: 700, creditDebit: 'CRDT', returnReason: { code: 'AC01' } }] },
      ],
      three,
    );
    expect(issues(result)).toEqual(['mismatch bankMatch.returnedMoreThanPaid payout-1', 'unmatched bankMatch.returnWithoutReference -']);
  });

  it('a payout twice in one file counts once; the second entry is reported as a duplicate', async () => {
    const [a] = three;
    const booking = (reference: string): BuiltEntry => ({ amountCents: a.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: reference, transactions: [asPaid(a)] });
    const result = await matchStatement([booking('D-1'), booking('D-2')], three);
    expect(outcomes(result)).toEqual(['payout-1 paid']);
    expect(issues(result)).toEqual(['duplicate bankMatch.duplicate payout-1']);
  });

  it('the same statement uploaded again changes nothing', async () => {
    const entries = [payoutFileEntry({ messageId: FILE, paymentInformationId: FILE, bookingDate: '2026-11-05', bankReference: 'B-1', payouts: three.map(asPaid) })];
    const first = await matchStatement(entries, three);
    const earlier: EarlierOutcome[] = first.outcomes.map((outcome) => ({ payoutUuid: outcome.payoutUuid, outcome: outcome.outcome, fileMessageId: 'STMT-11', bankReference: outcome.bankReference }));
    const paid = three.map((p, index) => ({ ...p, status: 'paid' as const, statusSource: { fileMessageId: 'STMT-11', bankReference: `B-1-${index + 1}` } }));
    const again = await matchStatement(entries, paid, earlier);
    expect(again.outcomes).toEqual([]);
    expect(again.issues).toEqual([]);
    expect(again.alreadyApplied).toBe(3);
  });

  it('contradictions with earlier outcomes are reported and not applied', async () => {
    const returned = payout(1, { status: 'returned', statusSource: { fileMessageId: 'STMT-10', bankReference: 'R-0' } });
    const repaid = payout(2, { status: 'repaid', statusSource: null });
    const rejected = payout(3, { status: 'rejected', statusSource: { fileMessageId: 'PSR-0', bankReference: `${FILE}/transaction/GS-2026-00003` } });
    const result = await matchStatement(
      [
        { amountCents: returned.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'P-1', transactions: [asPaid(returned)] },
        { amountCents: repaid.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'P-2', transactions: [asPaid(repaid)] },
        { amountCents: rejected.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'P-3', transactions: [asPaid(rejected)] },
      ],
      [returned, repaid, rejected],
    );
    // Paid again after a repayment was sent: that is the repayment's booking.
    expect(outcomes(result)).toEqual(['payout-2 paid']);
    expect(issues(result)).toEqual(['contradiction bankMatch.contradiction payout-1', 'contradiction bankMatch.contradiction payout-3']);
    expect(translate('en', result.issues[0].messageKey, result.issues[0].params)).toBe(
      'Payout GS-2026-00001 is already returned; this file says paid. Nothing was changed — please check with the bank.',
    );
    expect(translate('de', result.issues[1].messageKey, result.issues[1].params)).toBe(
      'Auszahlung GS-2026-00003 ist bereits abgelehnt; diese Datei meldet bezahlt. Es wurde nichts geändert – bitte klären Sie das mit der Bank.',
    );
  });

  it('a bank reference already recorded with another outcome or for another payout is a contradiction', async () => {
    const [a, b] = three;
    const earlier: EarlierOutcome[] = [{ payoutUuid: 'payout-1', outcome: 'paid', fileMessageId: 'STMT-10', bankReference: 'REF-1' }];
    const result = await matchStatement(
      [
        { amountCents: a.amountCents, creditDebit: 'CRDT', bookingDate: '2026-11-12', bankReference: 'REF-1', transactions: [{ ...asPaid(a), creditDebit: 'CRDT', returnReason: { code: 'AC04' } }] },
        { amountCents: b.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'REF-1', transactions: [asPaid(b)] },
      ],
      three,
      earlier,
    );
    expect(result.outcomes).toEqual([]);
    expect(issues(result)).toEqual(['contradiction bankMatch.referenceReused payout-2', 'contradiction bankMatch.referenceReused payout-1']);
  });

  it('a payout booked again under another reference is a duplicate payment, reported', async () => {
    const p = payout(1, { status: 'paid', statusSource: { fileMessageId: 'STMT-10', bankReference: 'P-OLD' } });
    const result = await matchStatement([{ amountCents: p.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'P-NEW', transactions: [asPaid(p)] }], [p]);
    expect(issues(result)).toEqual(['duplicate bankMatch.bookedTwice payout-1']);
  });

  it('a credit note number paid in two payout files is told apart by the MsgId the bank names, else listed as ambiguous', async () => {
    const first = payout(1);
    const second = payout(1, { payoutUuid: 'payout-1-again', sepaMessageId: 'TPsecond', paymentInformationId: 'TPsecond', status: 'open' });
    const booking = (messageId?: string): BuiltEntry => ({ amountCents: first.amountCents, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: `A-${messageId}`, transactions: [{ ...asPaid(first), messageId }] });
    expect(outcomes(await matchStatement([booking('TPsecond')], [first, second]))).toEqual(['payout-1-again paid']);
    expect(issues(await matchStatement([booking(undefined)], [first, second]))).toEqual(['unmatched bankMatch.ambiguous -']);
  });
});

describe('matchBankEntries: payment status reports (pain.002)', () => {
  const payouts = [payout(1), payout(2), payout(3, { paymentInformationId: `${FILE}-2` }), payout(4, { sepaMessageId: 'TPother', paymentInformationId: 'TPother' })];

  it('a rejected file rejects every payout of that file, with the reason', async () => {
    const result = await matchReport({ originalMessageId: FILE, groupStatus: 'RJCT', groupReasonCode: 'FF01', groupAdditionalInformation: 'Schema error' }, payouts);
    expect(outcomes(result)).toEqual(['payout-1 rejected', 'payout-2 rejected', 'payout-3 rejected']);
    expect(result.outcomes[0]).toMatchObject({ level: 'group', reasonCode: 'FF01', reasonText: 'Schema error', bankReference: `${FILE}/group/` });
  });

  it('a payout\'s own rejection wins over its block\'s; acceptances are noted, not applied', async () => {
    const result = await matchReport(
      {
        originalMessageId: FILE,
        groupStatus: 'PART',
        paymentInformation: [
          { id: FILE, transactions: [{ endToEndId: 'GS-2026-00001', status: 'RJCT', reasonCode: 'AC04', amountCents: 10_001 }, { endToEndId: 'GS-2026-00002', status: 'ACSC' }] },
          { id: `${FILE}-2`, status: 'RJCT', reasonCode: 'AM04' },
        ],
      },
      payouts,
    );
    expect(outcomes(result)).toEqual(['payout-1 rejected', 'payout-3 rejected']);
    expect(result.outcomes.map((outcome) => outcome.outcome === 'rejected' && `${outcome.level} ${outcome.reasonCode}`)).toEqual(['transaction AC04', 'paymentInformation AM04']);
    expect(result.accepted).toEqual(['payout-2']);
  });

  it('a report on a file TrainerPay did not send, or a rejection of a payout already paid, is listed', async () => {
    expect(issues(await matchReport({ originalMessageId: 'TPnever', groupStatus: 'RJCT' }, payouts))).toEqual(['unmatched bankMatch.noPayoutFile -']);
    const paid = payouts.map((p) => (p.payoutUuid === 'payout-1' ? { ...p, status: 'paid' as const, statusSource: { fileMessageId: 'STMT-11', bankReference: 'B-1-1' } } : p));
    const result = await matchReport({ originalMessageId: FILE, paymentInformation: [{ id: FILE, transactions: [{ endToEndId: 'GS-2026-00001', status: 'RJCT', reasonCode: 'AC04' }] }] }, paid);
    expect(issues(result)).toEqual(['contradiction bankMatch.contradiction payout-1']);
  });

  it('the same report uploaded again changes nothing', async () => {
    const input = { originalMessageId: FILE, paymentInformation: [{ id: FILE, transactions: [{ endToEndId: 'GS-2026-00002', status: 'RJCT', reasonCode: 'AC04' }] }] };
    const first = await matchReport(input, payouts);
    const earlier = first.outcomes.map((outcome) => ({ payoutUuid: outcome.payoutUuid, outcome: outcome.outcome, fileMessageId: 'PSR-1', bankReference: outcome.bankReference }));
    const rejected = payouts.map((p) => (p.payoutUuid === 'payout-2' ? { ...p, status: 'rejected' as const, statusSource: { fileMessageId: 'PSR-1', bankReference: earlier[0].bankReference } } : p));
    const again = await matchReport(input, rejected, earlier);
    expect(again.outcomes).toEqual([]);
    expect(again.issues).toEqual([]);
    expect(again.alreadyApplied).toBe(1);
  });
});

describe('matchBankEntries at scale', () => {
  it('matches 10,000 bookings against 10,000 payouts in linear time', async () => {
    const payouts = Array.from({ length: 10_000 }, (_, index) => payout(index + 1));
    const entries = [payoutFileEntry({ messageId: FILE, paymentInformationId: FILE, bookingDate: '2026-11-05', bankReference: 'BIG', payouts: payouts.map(asPaid) })];
    const xml = buildCamt053({ version: '08', account: { iban: ACCOUNT }, messageId: 'STMT-BIG', sequence: 1, entries });
    const { identity, entries: read } = await readAllBankEntries(Readable.from([Buffer.from(xml)]));
    const started = performance.now();
    const result = matchBankEntries({ identity, entries: read, payouts, earlier: [] });
    expect(result.outcomes).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 60_000);
});
