export { csvAmount, studioCostRows, studioCostsCsv, type StudioCostLine, type StudioCostRow } from './studio-costs-csv';
export { payoutReturnsCsv, payoutReturnTotals, type PayoutReturnRow, type PayoutReturnTotals } from './payout-returns-csv';
export * from './datev';
export * from './small-business';
export * from './yearly-statement';
