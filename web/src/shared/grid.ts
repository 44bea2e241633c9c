import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  CsvExportModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  RowApiModule,
  RowAutoHeightModule,
  RowSelectionModule,
  RowStyleModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
  ValidationModule,
  type CsvExportParams,
  type ProcessCellForExportParams,
} from 'ag-grid-community';
import { defuseFormula } from '../../../domain/csv';

// Registered once for the whole app; pages import the theme from here so every grid looks the same.
// Only the features the grids use (AllCommunityModule brings every feature, which made the grid's chunk about twice as large);
// a grid option or API call of a module not listed here fails with AG Grid's error #200 naming it.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule, // forEachNodeAfterFilterAndSort (reports' total row and CSV)
  RowApiModule, // getRowNode (outbox, settlement summary)
  RowSelectionModule, // single-row selection (import log, summary, outbox)
  TextFilterModule, // filter: true and the reports' text columns
  NumberFilterModule, // the reports' amount columns
  CsvExportModule, // exportDataAsCsv (trainers, outbox, workflow history)
  PinnedRowModule, // the totals rows
  TooltipModule, // tooltipField / tooltipValueGetter
  RowStyleModule, // getRowStyle / rowStyle
  CellStyleModule, // cellStyle
  RowAutoHeightModule, // the payment-type rules' wrapped names
  LocaleModule, // localeText (the empty grid's message)
]);
// Development only: AG Grid's checks of options and modules with readable messages (not in the build).
if (import.meta.env.DEV) ModuleRegistry.registerModules([ValidationModule]);

/** A cell of a grid's CSV export as the grid writes it, a text a spreadsheet would run as a formula defused (domain/csv); numbers stay numbers. */
export function csvCell({ value, formatValue }: Pick<ProcessCellForExportParams, 'value' | 'formatValue'>): string {
  const text: unknown = formatValue(value);
  if (text === null || text === undefined) return '';
  return typeof text === 'string' ? defuseFormula(text) : String(text);
}

/** Every grid's CSV export (`defaultCsvExportParams`): the trainers', the outbox's, a workflow's history. */
export const csvExportDefaults: CsvExportParams = { processCellCallback: csvCell };

export const gridTheme = themeQuartz.withParams({
  accentColor: '#3b46d4',
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontWeight: 600,
  headerBackgroundColor: '#f8f9fa',
  borderColor: '#e9ecef',
  wrapperBorder: false, // the surrounding card draws the frame
  rowHoverColor: '#eef0ff',
  selectedRowBackgroundColor: '#dcdfff',
});
