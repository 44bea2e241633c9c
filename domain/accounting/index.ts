export { csvAmount, studioCostRows, studioCostsCsv, type StudioCostLine, type StudioCostRow } from './studio-costs-csv';
export * from './datev';
