import { stringify } from 'csv-stringify/sync';
import { defuseFormula } from '../csv';
import { translate, type Locale, type MessageKey } from '../messages';
import { reasonText } from '../payouts/reason-codes';
import { csvAmount } from './studio-costs-csv';

// The returns CSV of the accounting hand-off (PAYOUT_RETURNS, decision 0150): the payouts the bank
// rejected or sent back, so the accountant books the money that came back (less the banks' fee) and
// the repayment that pays the credit note again. Each failed payout reaches the accountant once: a
// 'return' row in the first hand-off after the bank said so (with its repayment when one is written
// by then), else a 'repayment' row when its repayment comes later. The credit note itself is
// unchanged by a return and is not booked again here. Written as the studio-costs CSV is: UTF-8 with
// a byte order mark, ';' and a decimal comma for 'de', ',' and a point for 'en', CRLF, a totals row.

export type PayoutReturnRow = {
  /** return: the rejection or return is handed over now; repayment: the return went in an earlier hand-off, its repayment is new. */
  handover: 'return' | 'repayment';
  creditNoteNumber: string;
  trainerName: string;
  /** The trainer's number in the group's booking system. */
  trainerNumber: string;
  /** The end-to-end id of the failed payment (the credit note number, `-R1` for a failed repayment). */
  endToEndId: string;
  status: 'rejected' | 'returned';
  amountCents: number;
  /** What came back; for a rejection the whole amount (the bank never executed it); null when not known (read before it was recorded). */
  returnedCents: number | null;
  /** The banks' charges kept on the way back (0 when none). */
  feeCents: number;
  reasonCode: string | null;
  /** YYYY-MM-DD: the return's booking, or the day of the status report that rejected it. */
  bookingDate: string | null;
  bankReference: string | null;
  repaidByEndToEndId: string | null;
  repaymentAmountCents: number | null;
  repaymentStatus: 'open' | 'paid' | 'rejected' | 'returned' | null;
};

export type PayoutReturnTotals = { amountCents: number; returnedCents: number; feeCents: number; repaymentCents: number };

const BOM = '\uFEFF';

/** The money the CSV hands over: a 'repayment' row carries only its repayment (its return was handed over before). */
export function payoutReturnTotals(rows: readonly PayoutReturnRow[]): PayoutReturnTotals {
  const totals: PayoutReturnTotals = { amountCents: 0, returnedCents: 0, feeCents: 0, repaymentCents: 0 };
  for (const row of rows) {
    if (row.handover === 'return') {
      totals.amountCents += row.amountCents;
      totals.returnedCents += row.returnedCents ?? 0;
      totals.feeCents += row.feeCents;
    }
    totals.repaymentCents += row.repaymentAmountCents ?? 0;
  }
  return totals;
}

/** 2026-11-05 → 05.11.2026 (de, as Excel reads a German date) / 2026-11-05 (en). */
const csvDate = (isoDate: string | null, locale: Locale) => (isoDate === null ? '' : locale === 'de' ? isoDate.split('-').reverse().join('.') : isoDate);

/** The CSV text (with BOM): header, one row per failed payout or repayment handed over, and a totals row. */
export function payoutReturnsCsv(rows: readonly PayoutReturnRow[], locale: Locale): string {
  const t = (key: MessageKey) => translate(locale, key);
  const amount = (cents: number | null) => (cents === null ? '' : csvAmount(cents, locale));
  const totals = payoutReturnTotals(rows);
  const records: string[][] = [
    [
      t('payoutReturnsCsv.handover'),
      t('payoutReturnsCsv.creditNoteNumber'),
      t('payoutReturnsCsv.trainer'),
      t('payoutReturnsCsv.trainerNumber'),
      t('payoutReturnsCsv.endToEndId'),
      t('payoutReturnsCsv.status'),
      t('payoutReturnsCsv.amount'),
      t('payoutReturnsCsv.returned'),
      t('payoutReturnsCsv.fee'),
      t('payoutReturnsCsv.reasonCode'),
      t('payoutReturnsCsv.reason'),
      t('payoutReturnsCsv.bookingDate'),
      t('payoutReturnsCsv.bankReference'),
      t('payoutReturnsCsv.repaidBy'),
      t('payoutReturnsCsv.repaymentAmount'),
      t('payoutReturnsCsv.repaymentStatus'),
    ],
    ...rows.map((row) => {
      const returnNow = row.handover === 'return';
      return [
        t(`payoutReturnsCsv.handover.${row.handover}`),
        defuseFormula(row.creditNoteNumber),
        defuseFormula(row.trainerName),
        defuseFormula(row.trainerNumber),
        defuseFormula(row.endToEndId),
        t(`payouts.status.${row.status}`),
        // A repayment row books only the repayment: the return's money went in the earlier hand-off.
        returnNow ? amount(row.amountCents) : '',
        returnNow ? amount(row.returnedCents) : '',
        returnNow ? amount(row.feeCents) : '',
        defuseFormula(row.reasonCode ?? ''),
        row.reasonCode ? reasonText(row.reasonCode, locale) : '',
        csvDate(row.bookingDate, locale),
        defuseFormula(row.bankReference ?? ''),
        defuseFormula(row.repaidByEndToEndId ?? ''),
        amount(row.repaymentAmountCents),
        row.repaymentStatus ? t(`payouts.status.${row.repaymentStatus}`) : '',
      ];
    }),
    [t('payoutReturnsCsv.total'), '', '', '', '', '', amount(totals.amountCents), amount(totals.returnedCents), amount(totals.feeCents), '', '', '', '', '', amount(totals.repaymentCents), ''],
  ];
  return BOM + stringify(records, { delimiter: locale === 'de' ? ';' : ',', record_delimiter: 'windows' });
}
