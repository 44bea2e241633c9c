import { Badge, type MantineColor } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSettlementLogRow } from '../../../../contracts/settlement.contract';
import { formatImportLogTime } from '../../shared/format';
import { gridTheme } from '../../shared/grid';

const STATUS_COLOR: Record<TSettlementLogRow['status'], MantineColor> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

type LogGridRow = TSettlementLogRow & { index: number };

function StatusCell({ value }: CustomCellRendererProps<LogGridRow, TSettlementLogRow['status']>) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Badge color={STATUS_COLOR[value] ?? 'gray'} variant="light" tt="none">
      {t(`settlement.log.statuses.${value}`)}
    </Badge>
  );
}

/** Spec 2.12 / 2.14: the settlement log (timestamp, proc, trainer_uuid, status, message), newest on top. */
export function SettlementLogGrid({ rows, height = 400 }: { rows: TSettlementLogRow[]; height?: number }) {
  const { t, i18n } = useTranslation();

  const columnDefs = useMemo<ColDef<LogGridRow>[]>(
    () => [
      {
        colId: 'timestamp',
        field: 'timestamp',
        headerName: t('settlement.log.columns.timestamp'),
        valueFormatter: ({ value }) => (typeof value === 'string' ? formatImportLogTime(value) : ''),
        sort: 'desc',
        // Rows of the same second keep the order they were written in.
        comparator: (a: string, b: string, nodeA, nodeB) => a.localeCompare(b) || (nodeA.data?.index ?? 0) - (nodeB.data?.index ?? 0),
        width: 180,
      },
      { colId: 'proc', field: 'proc', headerName: t('settlement.log.columns.proc'), width: 150, filter: true },
      { colId: 'trainer', field: 'trainer_uuid', headerName: t('settlement.log.columns.trainerUuid'), width: 300, filter: true },
      { colId: 'status', field: 'status', headerName: t('settlement.log.columns.status'), cellRenderer: StatusCell, width: 130, filter: true },
      { colId: 'message', field: 'message', headerName: t('settlement.log.columns.message'), flex: 1, minWidth: 260, tooltipField: 'message' },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language],
  );

  // Rows have no id of their own; their position in the oldest-first answer is stable.
  const indexed = useMemo<LogGridRow[]>(() => rows.map((row, index) => ({ ...row, index })), [rows]);

  return (
    <div style={{ height }} data-testid="log-grid" data-rows={rows.length}>
      <AgGridReact<LogGridRow>
        key={i18n.language /* localeText is read once */}
        theme={gridTheme}
        rowData={indexed}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={({ data }) => String(data.index)}
        localeText={{ noRowsToShow: t('settlement.log.empty') }}
      />
    </div>
  );
}
