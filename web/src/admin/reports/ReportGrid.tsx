import { Badge, Button, Group, Text } from '@mantine/core';
import type { ColDef, GridApi, GridReadyEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme } from '../../shared/grid';
import { INTL_LOCALE } from '../../shared/i18n/locales';
import { useLocale } from '../../shared/hooks/use-locale';
import { cellText, reportCsv, totalsOf } from './cells';
import type { ColumnSpec } from './columns';

type Row = Record<string, unknown>;
const TOTAL_FLAG = '__total';

const FILTER: Record<ColumnSpec['kind'], string | boolean> = {
  text: 'agTextColumnFilter',
  money: 'agNumberColumnFilter',
  int: 'agNumberColumnFilter',
  percent: 'agNumberColumnFilter',
  date: 'agTextColumnFilter',
  datetime: 'agTextColumnFilter',
  month: 'agTextColumnFilter',
  billing: 'agTextColumnFilter',
  outcome: 'agTextColumnFilter',
  payout: 'agTextColumnFilter',
};

/**
 * A report's grid (spec 2.14): the grid library's sorting and filtering on every column, a grand-total
 * row pinned at the bottom that sums the rows the filters leave, and the CSV download of exactly
 * those rows and the total (shown once the data has loaded).
 */
export function ReportGrid({ rows, columns, fileName, height = 600, withTotal }: { rows: Row[]; columns: ColumnSpec[]; fileName: string; height?: number; withTotal: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const intlLocale = INTL_LOCALE[locale];
  const say = useCallback((key: string) => t(`reports.${key}` as 'reports.total'), [t]);
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  const [shown, setShown] = useState<Row[]>(rows);

  const labelField = columns.find((column) => !column.hide && (column.kind === 'text' || column.kind === 'month' || column.kind === 'outcome'))?.field ?? columns[0]!.field;
  const total = useMemo<Row | null>(() => (withTotal ? { ...totalsOf(columns, shown), [labelField]: t('reports.total'), [TOTAL_FLAG]: true } : null), [withTotal, columns, shown, labelField, t]);

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => ({
        colId: column.field,
        field: column.field,
        headerName: t(`reports.columns.${column.header}`),
        hide: column.hide,
        width: column.width ?? 130,
        filter: FILTER[column.kind],
        // Filters and sorting work on what the cell shows for texts, on the number for amounts.
        filterValueGetter: column.kind === 'date' || column.kind === 'datetime' || column.kind === 'month' || column.kind === 'billing' || column.kind === 'outcome' || column.kind === 'payout'
          ? ({ data }) => cellText(column.kind, data?.[column.field], say, intlLocale)
          : undefined,
        type: column.kind === 'money' || column.kind === 'int' || column.kind === 'percent' ? 'rightAligned' : undefined,
        valueFormatter: ({ value, data }) => (data?.[TOTAL_FLAG] && column.field === labelField ? String(value ?? '') : cellText(column.kind, value, say, intlLocale)),
        cellRenderer: column.kind === 'billing' ? BillingCell : column.kind === 'payout' ? PayoutCell : undefined,
        cellStyle: column.kind === 'money' ? { fontVariantNumeric: 'tabular-nums' } : undefined,
      })),
    // the language is listed on purpose: headers follow a language switch
    [columns, t, say, intlLocale, labelField, i18n.language],
  );

  const refreshShown = useCallback((grid: GridApi<Row>) => {
    const visible: Row[] = [];
    grid.forEachNodeAfterFilterAndSort((node) => node.data && visible.push(node.data));
    setShown(visible);
  }, []);

  const downloadCsv = () => {
    const visible: Row[] = [];
    if (api) api.forEachNodeAfterFilterAndSort((node) => node.data && visible.push(node.data));
    else visible.push(...rows);
    const csv = reportCsv({ columns, rows: visible, total, header: (column) => t(`reports.columns.${column.header}`), say });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed" data-testid="report-row-count">
          {t('reports.rows', { count: shown.length })}
        </Text>
        <Button size="xs" variant="default" onClick={downloadCsv} data-testid="report-csv">
          {t('reports.csv')}
        </Button>
      </Group>
      <div style={{ height }} data-testid="report-grid" data-rows={rows.length}>
        <AgGridReact<Row>
          key={i18n.language /* localeText is read once */}
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true, floatingFilter: false }}
          pinnedBottomRowData={total ? [total] : undefined}
          // Every column rendered (at most ~35): the total row and the download read what is shown.
          suppressColumnVirtualisation
          localeText={{ noRowsToShow: t('reports.empty') }}
          onGridReady={(event: GridReadyEvent<Row>) => {
            setApi(event.api);
            refreshShown(event.api);
          }}
          onRowDataUpdated={(event) => refreshShown(event.api)}
          onFilterChanged={(event) => refreshShown(event.api)}
          onSortChanged={(event) => refreshShown(event.api)}
          getRowStyle={({ node }) => (node.rowPinned ? { fontWeight: 700, background: 'var(--mantine-color-gray-1)' } : undefined)}
        />
      </div>
    </>
  );
}

function BillingCell({ value }: { value?: unknown }) {
  const { t } = useTranslation();
  if (value !== 'billed' && value !== 'prepared') return null;
  return (
    <Badge size="sm" variant="light" color={value === 'billed' ? 'green' : 'yellow'} tt="none">
      {t(`reports.billing.${value}`)}
    </Badge>
  );
}

const PAYOUT_COLOR = { open: 'gray', paid: 'green', rejected: 'red', returned: 'red' } as const;

/** A billed month's payout status, coloured as the payout badges elsewhere: what needs staff's action is red. */
function PayoutCell({ value }: { value?: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || !(value in PAYOUT_COLOR)) return null;
  const status = value as keyof typeof PAYOUT_COLOR;
  return (
    <Badge size="sm" variant="light" color={PAYOUT_COLOR[status]} tt="none" data-testid="report-payout-status" data-status={status}>
      {t(`reports.payout.${status}`)}
    </Badge>
  );
}
