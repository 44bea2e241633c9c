import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { payoutReturnsCsv, payoutReturnTotals, type PayoutReturnRow } from './payout-returns-csv';

// The accountant's returns CSV: what came back, the fee, the reason and the repayment, with totals
// that are the rows' sums to the cent; a repayment of a return handed over before books only itself.

const returned: PayoutReturnRow = {
  handover: 'return',
  creditNoteNumber: 'GS-2026-00042',
  trainerName: 'Anna Schmidt',
  trainerNumber: 'DF-T001',
  endToEndId: 'GS-2026-00042',
  status: 'returned',
  amountCents: 123_456,
  returnedCents: 123_106,
  feeCents: 350,
  reasonCode: 'AC04',
  bookingDate: '2026-11-05',
  bankReference: 'R-77',
  repaidByEndToEndId: 'GS-2026-00042-R1',
  repaymentAmountCents: 123_456,
  repaymentStatus: 'open',
};
const rejected: PayoutReturnRow = {
  ...returned,
  creditNoteNumber: 'GS-2026-00043',
  trainerName: '=HYPERLINK("x")',
  trainerNumber: 'DF-T002',
  endToEndId: 'GS-2026-00043',
  status: 'rejected',
  amountCents: 5_000,
  returnedCents: 5_000,
  feeCents: 0,
  reasonCode: 'MS03',
  bookingDate: '2026-11-03',
  bankReference: 'PSR/transaction/GS-2026-00043',
  repaidByEndToEndId: null,
  repaymentAmountCents: null,
  repaymentStatus: null,
};
const repaymentOnly: PayoutReturnRow = { ...returned, handover: 'repayment', creditNoteNumber: 'GS-2026-00007', endToEndId: 'GS-2026-00007', amountCents: 9_999, returnedCents: 9_999, feeCents: 100, repaidByEndToEndId: 'GS-2026-00007-R1', repaymentAmountCents: 9_999, repaymentStatus: 'paid' };

const rows = (csv: string, delimiter: string): string[][] => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return parse(csv.slice(1), { delimiter });
};

describe('payoutReturnsCsv', () => {
  it('writes German CSV: reason in words, German dates, decimal comma and a totals row', () => {
    const parsed = rows(payoutReturnsCsv([returned, rejected, repaymentOnly], 'de'), ';');
    expect(parsed[0]).toEqual([
      'Übergabe', 'Gutschrift-Nr.', 'Trainer', 'Trainer-Nr.', 'Ursprüngliche End-to-End-ID', 'Status', 'Betrag', 'Zurückerhalten', 'Gebühr', 'Grund-Code', 'Grund',
      'Buchungsdatum Bank', 'Bankreferenz', 'Erneut bezahlt mit (End-to-End-ID)', 'Betrag erneute Zahlung', 'Status erneute Zahlung',
    ]);
    expect(parsed[1]!.slice(0, 10)).toEqual(['Rückläufer', 'GS-2026-00042', 'Anna Schmidt', 'DF-T001', 'GS-2026-00042', 'zurückgebucht', '1234,56', '1231,06', '3,50', 'AC04']);
    expect(parsed[1]![10]).toMatch(/Konto/);
    expect(parsed[1]!.slice(11)).toEqual(['05.11.2026', 'R-77', 'GS-2026-00042-R1', '1234,56', 'offen']);
    expect(parsed[2]!.slice(2, 9)).toEqual(["'=HYPERLINK(\"x\")", 'DF-T002', 'GS-2026-00043', 'abgelehnt', '50,00', '50,00', '0,00']);
    // The return went to the accountant before: only its repayment is booked now.
    expect(parsed[3]!.slice(0, 9)).toEqual(['Erneute Zahlung', 'GS-2026-00007', 'Anna Schmidt', 'DF-T001', 'GS-2026-00007', 'zurückgebucht', '', '', '']);
    expect(parsed[3]!.slice(13)).toEqual(['GS-2026-00007-R1', '99,99', 'bezahlt']);
    expect(parsed[4]).toEqual(['Summe', '', '', '', '', '', '1284,56', '1281,06', '3,50', '', '', '', '', '', '1334,55', '']);
  });

  it('writes English CSV with commas, ISO dates and a decimal point', () => {
    const parsed = rows(payoutReturnsCsv([returned], 'en'), ',');
    expect(parsed[0]!.slice(0, 3)).toEqual(['Handed over', 'Credit note number', 'Trainer']);
    expect(parsed[1]!.slice(5, 9)).toEqual(['returned', '1234.56', '1231.06', '3.50']);
    expect(parsed[1]![11]).toBe('2026-11-05');
    expect(parsed.at(-1)!.slice(0, 1)).toEqual(['Total']);
  });

  it('sums to the cent what it hands over', () => {
    expect(payoutReturnTotals([returned, rejected, repaymentOnly])).toEqual({ amountCents: 128_456, returnedCents: 128_106, feeCents: 350, repaymentCents: 133_455 });
    expect(rows(payoutReturnsCsv([], 'de'), ';')).toHaveLength(2);
  });
});
