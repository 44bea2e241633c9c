import { Anchor, Badge } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TImportLogEntry } from '../../../../contracts/import.contract';
import { formatImportLogTime } from '../../shared/format';
import { gridTheme } from '../../shared/grid';

/** Badge colour of a log status: failures red, completions green, anything else (started, running) blue. */
export function importStatusColor(status: string): string {
  if (/error|fail/i.test(status)) return 'red';
  if (/success|finish|done|complete|ok/i.test(status)) return 'green';
  return 'blue';
}

const STATUS_LABELS = ['success', 'error', 'info'] as const;
const PROCEDURE_LABELS = ['classes_ondemand', 'classes_update'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function StatusCell({ value }: CustomCellRendererProps<TImportLogEntry, string>) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Badge color={importStatusColor(value)} variant="light">
      {isOneOf(STATUS_LABELS, value) ? t(`importLog.statuses.${value}`) : value}
    </Badge>
  );
}

/** The procedure in words; a procedure this version does not know is shown as the server names it. */
function ProcedureCell({ value }: CustomCellRendererProps<TImportLogEntry, string>) {
  const { t } = useTranslation();
  if (!value) return null;
  return <>{isOneOf(PROCEDURE_LABELS, value) ? t(`importLog.procedures.${value}`) : value}</>;
}

function DetailsCell() {
  const { t } = useTranslation();
  // The row click selects the entry; this link only makes that visible and reachable.
  return (
    <Anchor component="button" type="button" size="sm" tabIndex={-1}>
      {t('importLog.details')}
    </Anchor>
  );
}

/** Spec 2.15: Time, Location, Procedure, Status, Classes, Message (hidden), Action; 400 px high; newest first. */
export function ImportLogGrid({ entries, onSelect }: { entries: TImportLogEntry[]; onSelect: (entry: TImportLogEntry | null) => void }) {
  const { t, i18n } = useTranslation();

  const columnDefs = useMemo<ColDef<TImportLogEntry>[]>(
    () => [
      {
        colId: 'time',
        field: 'created_dt',
        headerName: t('importLog.columns.time'),
        valueFormatter: ({ value }) => (typeof value === 'string' ? formatImportLogTime(value) : ''),
        sort: 'desc',
        width: 190,
      },
      {
        colId: 'location',
        field: 'studio_name',
        headerName: t('importLog.columns.location'),
        valueFormatter: ({ value }) => (typeof value === 'string' && value ? value : t('importLog.wholeStudioGroup')),
        flex: 1.2,
        minWidth: 160,
      },
      { colId: 'procedure', field: 'proc', headerName: t('importLog.columns.procedure'), cellRenderer: ProcedureCell, flex: 1, minWidth: 140 },
      { colId: 'status', field: 'status', headerName: t('importLog.columns.status'), cellRenderer: StatusCell, width: 140 },
      {
        colId: 'classes',
        field: 'classes_import_count',
        headerName: t('importLog.columns.classes'),
        type: 'numericColumn',
        width: 120,
      },
      { colId: 'message', field: 'message', headerName: t('importLog.columns.message'), hide: true },
      {
        colId: 'action',
        headerName: t('importLog.columns.action'),
        cellRenderer: DetailsCell,
        sortable: false,
        width: 130,
      },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language],
  );

  return (
    <div style={{ height: 400 }} data-testid="import-log-grid">
      <AgGridReact<TImportLogEntry>
        key={i18n.language /* localeText is read once */}
        theme={gridTheme}
        rowData={entries}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={({ data }) => data.uuid}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
        onSelectionChanged={({ api }) => onSelect(api.getSelectedRows()[0] ?? null)}
        localeText={{ noRowsToShow: t('importLog.empty') }}
      />
    </div>
  );
}
