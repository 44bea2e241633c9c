export { csvAmount, studioCostRows, studioCostsCsv, type StudioCostLine, type StudioCostRow } from './studio-costs-csv';
export * from './datev';
export * from './small-business';
export * from './yearly-statement';
