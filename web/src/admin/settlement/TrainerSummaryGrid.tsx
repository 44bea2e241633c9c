import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerSummaryRow } from '../../../../contracts/settlement.contract';
import { centsToEuros } from '../../../../domain/money';
import { formatEuros } from '../../shared/format';
import { gridTheme } from '../../shared/grid';

type TotalsRow = Pick<TTrainerSummaryRow, 'Trainer' | 'Netto' | 'MwSt' | 'Brutto'> & { total: true };
type GridRow = TTrainerSummaryRow | TotalsRow;

const isTotals = (row: GridRow | undefined): row is TotalsRow => Boolean(row && 'total' in row);

/**
 * Spec 2.5 / 2.13: Trainer, Netto, MwSt, Brutto (euros) and a hidden trainer id, 600 px high; a
 * click on a row picks that trainer. The totals row adds the rows' `*_cents` fields, so it is the sum
 * of the rows to the cent.
 */
export function TrainerSummaryGrid({
  rows,
  selectedTrainerUuid,
  onSelect,
  height = 600,
}: {
  rows: TTrainerSummaryRow[];
  selectedTrainerUuid: string | null;
  onSelect: (row: TTrainerSummaryRow) => void;
  height?: number;
}) {
  const { t, i18n } = useTranslation();

  const columnDefs = useMemo<ColDef<GridRow>[]>(() => {
    const money = (field: 'Netto' | 'MwSt' | 'Brutto', header: string, colId: string): ColDef<GridRow> => ({
      colId,
      field,
      headerName: header,
      type: 'numericColumn',
      valueFormatter: ({ value }) => (typeof value === 'number' ? formatEuros(value) : ''),
      width: 150,
      cellDataType: 'number',
    });
    return [
      { colId: 'trainer', field: 'Trainer', headerName: t('settlement.prepare.columns.trainer'), flex: 1, minWidth: 200, sort: 'asc', filter: true },
      money('Netto', t('settlement.prepare.columns.net'), 'net'),
      money('MwSt', t('settlement.prepare.columns.vat'), 'vat'),
      money('Brutto', t('settlement.prepare.columns.gross'), 'gross'),
      { colId: 'trainerId', headerName: 'TrainerID', hide: true, valueGetter: ({ data }) => (data && !isTotals(data) ? data.trainer_id : null) },
    ];
    // the language is listed on purpose: headers follow a language switch
  }, [t, i18n.language]);

  const totals = useMemo<TotalsRow[]>(
    () => [
      {
        total: true,
        Trainer: t('settlement.prepare.total', { count: rows.length }),
        Netto: centsToEuros(rows.reduce((sum, row) => sum + row.net_cents, 0)),
        MwSt: centsToEuros(rows.reduce((sum, row) => sum + row.vat_cents, 0)),
        Brutto: centsToEuros(rows.reduce((sum, row) => sum + row.gross_cents, 0)),
      },
    ],
    [rows, t],
  );

  return (
    <div style={{ height }} data-testid="summary-grid">
      <AgGridReact<GridRow>
        key={i18n.language /* localeText is read once */}
        theme={gridTheme}
        rowData={rows}
        pinnedBottomRowData={rows.length > 0 ? totals : []}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={({ data }) => (isTotals(data) ? 'totals' : data.trainer_uuid)}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
        onRowClicked={({ data }) => {
          if (data && !isTotals(data)) onSelect(data);
        }}
        onFirstDataRendered={({ api }) => {
          if (selectedTrainerUuid) api.getRowNode(selectedTrainerUuid)?.setSelected(true);
        }}
        getRowStyle={({ data }) => (isTotals(data) ? { fontWeight: 700 } : undefined)}
        localeText={{ noRowsToShow: t('settlement.prepare.noRows') }}
      />
    </div>
  );
}
