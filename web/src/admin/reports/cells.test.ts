import { describe, expect, it } from 'vitest';
import { germanDecimal, reportCsv, totalsOf } from './cells';
import type { ColumnSpec } from './columns';

// The reports' CSV is German whatever the screen's language: BOM, ';', decimal comma, and
// the total row reconciles to the cent with the rows.

const columns: ColumnSpec[] = [
  { field: 'month', header: 'month', kind: 'month' },
  { field: 'trainer_name', header: 'trainer', kind: 'text' },
  { field: 'line_count', header: 'lines', kind: 'int', total: true },
  { field: 'Brutto', header: 'gross', kind: 'money', total: true },
  { field: 'billing', header: 'billing', kind: 'billing' },
  { field: 'payout_status', header: 'payoutStatus', kind: 'payout' },
  { field: 'payout_booked_on', header: 'payoutBookedOn', kind: 'date' },
  { field: 'payout_reason_code', header: 'payoutReasonCode', kind: 'text' },
];
const say = (key: string) => ({ 'billing.billed': 'abgerechnet', 'payout.returned': 'zurückgebucht' })[key] ?? key;

describe('report CSV', () => {
  it('writes cents exactly with a decimal comma', () => {
    expect(germanDecimal(1234.5)).toBe('1234,50');
    expect(germanDecimal(0.3)).toBe('0,30');
    expect(germanDecimal(-43.75)).toBe('-43,75');
  });

  it('has a BOM, semicolons, German dates and a total row that adds up', () => {
    const rows = [
      { month: '2026-01-31', trainer_name: 'Anna; "Coach"', line_count: 3, Brutto: 0.1, billing: 'billed', payout_status: 'returned', payout_booked_on: '2026-02-05', payout_reason_code: 'AC04' },
      { month: '2026-02-28', trainer_name: '=HYPERLINK("x")', line_count: 2, Brutto: 0.2, billing: 'billed', payout_status: null, payout_booked_on: null, payout_reason_code: null },
    ];
    const total: Record<string, unknown> = { ...totalsOf(columns, rows), month: 'Summe' };
    expect(total.Brutto).toBe(0.3);
    const csv = reportCsv({ columns, rows, total, header: (column) => column.header, say });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'month;trainer;lines;gross;billing;payoutStatus;payoutBookedOn;payoutReasonCode',
      '31.01.2026;"Anna; ""Coach""";3;0,10;abgerechnet;zurückgebucht;05.02.2026;AC04',
      `28.02.2026;"'=HYPERLINK(""x"")";2;0,20;abgerechnet;;;`,
      'Summe;;5;0,30;;;;',
      '',
    ]);
  });
});
