import { buildCamt053, payoutFileEntry, type BuiltEntry } from './bank-file-builders';

// The statement a bank would send after a credit-note run's SEPA file was executed, for groups
// that have no bank (the demo): every payout booked two bank days after the run, one of them (the
// last by end-to-end id, so the same run always returns the same one) sent back as a closed
// account, the money less the fee the banks kept. Pure: the caller loads the payouts. Why a file
// to upload rather than payouts marked paid: docs/decisions/0120.

/** The return the demo statement books: account closed (the usual cause), with a fee German banks charge. */
export const DEMO_RETURN = { reasonCode: 'AC04', feeCents: 350 } as const;

export type DemoStatementPayout = {
  endToEndId: string;
  amountCents: number;
  creditorIban: string;
  creditorName: string;
  sepaMessageId: string;
  sepaPaymentInfoId: string;
};

/** A returned transfer as German banks book it: a credit of what came back, coded RRTN / GVC 159, with the reason and the fee kept. */
export function returnedPayoutEntry(input: {
  endToEndId: string;
  amountCents: number;
  creditorIban: string;
  creditorName?: string;
  reasonCode: string;
  feeCents: number;
  bookingDate: string;
  bankReference: string;
}): BuiltEntry {
  const backCents = input.amountCents - input.feeCents;
  return {
    amountCents: backCents,
    creditDebit: 'CRDT',
    bookingDate: input.bookingDate,
    bankReference: input.bankReference,
    bankTransactionCode: 'PMNT/ICDT/RRTN',
    proprietaryCode: 'NMSC+159',
    transactions: [
      {
        endToEndId: input.endToEndId,
        amountCents: backCents,
        creditDebit: 'CRDT',
        bankReference: `${input.bankReference}-1`,
        creditorIban: input.creditorIban,
        creditorName: input.creditorName,
        returnReason: { code: input.reasonCode },
        chargesCents: input.feeCents,
      },
    ],
  };
}

/** Monday to Friday: a bank books on bank days (holidays left out; a demo need not know them). */
export function plusBankDays(isoDate: string, days: number): string {
  const day = new Date(`${isoDate}T12:00:00Z`);
  for (let left = days; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left--;
  }
  return day.toISOString().slice(0, 10);
}

/** The camt.053.001.08 of a run's open payouts (at least one), executed on `executedOn` (YYYY-MM-DD). */
export function buildDemoStatement(input: {
  account: { iban: string; ownerName: string };
  /** Names the statement: the settled month (YYYY-MM) and the run. */
  month: string;
  runKey: string;
  executedOn: string;
  payouts: readonly DemoStatementPayout[];
}): string {
  const bookingDate = plusBankDays(input.executedOn, 2);
  const returnDate = plusBankDays(input.executedOn, 5);
  const sorted = [...input.payouts].sort((a, b) => a.endToEndId.localeCompare(b.endToEndId));
  const returned = sorted.at(-1)!;
  // The bank books each payment block of the SEPA file as one debit with a line per payout.
  const blocks = new Map<string, DemoStatementPayout[]>();
  for (const payout of sorted) {
    const key = `${payout.sepaMessageId}/${payout.sepaPaymentInfoId}`;
    blocks.set(key, [...(blocks.get(key) ?? []), payout]);
  }
  const debits = [...blocks.values()].map((block, index) =>
    payoutFileEntry({
      messageId: block[0]!.sepaMessageId,
      paymentInformationId: block[0]!.sepaPaymentInfoId,
      bookingDate,
      bankReference: `DEMO-${input.month}-${index + 1}`,
      payouts: block.map(({ endToEndId, amountCents, creditorIban, creditorName }) => ({ endToEndId, amountCents, creditorIban, creditorName })),
    }),
  );
  return buildCamt053({
    version: '08',
    account: { iban: input.account.iban, currency: 'EUR', ownerName: input.account.ownerName },
    messageId: `DEMO-${input.month}-${input.runKey}`,
    createdAt: `${returnDate}T18:00:00Z`,
    sequence: 1,
    fromDate: bookingDate,
    toDate: returnDate,
    entries: [
      ...debits,
      returnedPayoutEntry({
        endToEndId: returned.endToEndId,
        amountCents: returned.amountCents,
        creditorIban: returned.creditorIban,
        creditorName: returned.creditorName,
        reasonCode: DEMO_RETURN.reasonCode,
        feeCents: DEMO_RETURN.feeCents,
        bookingDate: returnDate,
        bankReference: `DEMO-${input.month}-RTRN`,
      }),
    ],
  });
}
