import { Badge, Button, Card, CloseButton, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TTrainerListItem } from '../../../../contracts/trainer.contract';

import { IconAlert, IconCheck } from '../../shared/components/icons';
import { GridLoadState } from './GridLoadState';
import { PageHeader } from '../../shared/components/PageHeader';
import { csvExportDefaults, gridTheme } from '../../shared/grid';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { IconDownload, IconSearch } from './icons';
import { useTrainers } from './api';
import { useMissingDataLabels } from './trainer-data-labels';

/** Spec 5: name search is a case-insensitive substring match (here on name and company name). */
export function matchesTrainerSearch(trainer: Pick<TTrainerListItem, 'name' | 'companyName'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return trainer.name.toLowerCase().includes(needle) || (trainer.companyName ?? '').toLowerCase().includes(needle);
}

function NameCell({ data }: CustomCellRendererProps<TTrainerListItem>) {
  if (!data) return null;
  // Spec 2.4: a trainer whose data is incomplete shows in red.
  const incomplete = !data.dataCompleteness.complete;
  return (
    <Stack gap={0} justify="center" h="100%" lh={1.25}>
      <Text span fw={600} size="sm" c={incomplete ? 'red' : undefined} data-testid="trainer-name" truncate>
        {data.name}
      </Text>
      {data.companyName && (
        <Text span size="xs" c="dimmed" truncate>
          {data.companyName}
        </Text>
      )}
    </Stack>
  );
}

function DataCell({ data }: CustomCellRendererProps<TTrainerListItem>) {
  const { t } = useTranslation();
  const missingLabels = useMissingDataLabels();
  if (!data) return null;
  if (data.dataCompleteness.complete) {
    return (
      <Badge color="green" variant="light" tt="none" leftSection={<IconCheck size={12} />}>
        {t('masterData.trainers.complete')}
      </Badge>
    );
  }
  return (
    <Tooltip label={missingLabels(data.dataCompleteness.missing)} withArrow>
      <Badge color="red" variant="light" tt="none" leftSection={<IconAlert size={12} />} data-testid="trainer-incomplete">
        {t('masterData.trainers.missing', { items: missingLabels(data.dataCompleteness.missing) })}
      </Badge>
    </Tooltip>
  );
}

function AccountCell({ data }: CustomCellRendererProps<TTrainerListItem>) {
  const { t } = useTranslation();
  return data?.accountConnected ? (
    <Badge color="indigo" variant="light" tt="none">
      {t('masterData.trainers.connected')}
    </Badge>
  ) : (
    <Text span size="sm" c="dimmed" aria-label={t('masterData.trainers.notConnected')}>
      –
    </Text>
  );
}

/** /:locale/admin/trainers: the group's trainers with a name filter and a 'data not complete' filter; a row opens the edit form. */
export function TrainersPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { current } = useCurrentStudioGroup();
  const trainers = useTrainers(current!.uuid);
  const [search, setSearch] = useState('');
  const [onlyIncomplete, setOnlyIncomplete] = useState(false);
  const grid = useRef<AgGridReact<TTrainerListItem>>(null);
  const missingLabels = useMissingDataLabels();

  const all = trainers.data ?? [];
  const rows = useMemo(
    () => (trainers.data ?? []).filter((trainer) => matchesTrainerSearch(trainer, search) && (!onlyIncomplete || !trainer.dataCompleteness.complete)),
    [trainers.data, search, onlyIncomplete],
  );
  const incompleteCount = all.filter((trainer) => !trainer.dataCompleteness.complete).length;

  const columnDefs = useMemo<ColDef<TTrainerListItem>[]>(
    () => [
      { colId: 'name', field: 'name', headerName: t('masterData.trainers.columns.name'), cellRenderer: NameCell, flex: 1.4, minWidth: 200, sort: 'asc' },
      // Shown under the name; a column of its own for the CSV export.
      { colId: 'company', field: 'companyName', headerName: t('masterData.trainers.columns.company'), hide: true },
      { colId: 'email', field: 'email', headerName: t('masterData.trainers.columns.email'), flex: 1.3, minWidth: 180, tooltipField: 'email' },
      {
        colId: 'studios',
        headerName: t('masterData.trainers.columns.studios'),
        valueGetter: ({ data }) => data?.studios.map((studio) => studio.name).join(', ') ?? '',
        flex: 1.3,
        minWidth: 160,
        tooltipValueGetter: ({ value }) => value as string,
      },
      {
        colId: 'vat',
        headerName: t('masterData.trainers.columns.vat'),
        valueGetter: ({ data }) => (data?.vatLiable ? t('masterData.trainers.vatLiable') : t('masterData.trainers.notVatLiable')),
        width: 130,
      },
      {
        colId: 'data',
        headerName: t('masterData.trainers.columns.data'),
        valueGetter: ({ data }) => (data?.dataCompleteness.complete ? t('masterData.trainers.complete') : t('masterData.trainers.missing', { items: missingLabels(data?.dataCompleteness.missing ?? []) })),
        cellRenderer: DataCell,
        width: 165,
      },
      {
        colId: 'account',
        headerName: t('masterData.trainers.columns.account'),
        valueGetter: ({ data }) => (data?.accountConnected ? t('masterData.trainers.connected') : t('masterData.trainers.notConnected')),
        cellRenderer: AccountCell,
        width: 135,
      },
      { colId: 'sourceId', field: 'sourceId', headerName: t('masterData.trainers.columns.sourceId'), width: 115 },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language, missingLabels],
  );

  return (
    <>
      <PageHeader
        title={t('masterData.trainers.title')}
        description={t('masterData.trainers.description')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={rows.length === 0}
            onClick={() => grid.current?.api.exportDataAsCsv({ fileName: 'trainers.csv', allColumns: true })}
            data-testid="trainers-export"
          >
            {t('masterData.common.exportCsv')}
          </Button>
        }
      />
      <Stack gap="md">
        <Card>
          <Group justify="space-between" align="flex-end" gap="md">
            <Group align="flex-end" gap="md">
              <TextInput
                data-testid="trainers-search"
                label={t('masterData.trainers.search')}
                placeholder={t('masterData.trainers.searchPlaceholder')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                rightSection={search ? <CloseButton aria-label={t('masterData.common.clear')} onClick={() => setSearch('')} /> : null}
                w={280}
              />
              <Switch
                data-testid="trainers-only-incomplete"
                label={t('masterData.trainers.onlyIncomplete', { count: incompleteCount })}
                checked={onlyIncomplete}
                onChange={(event) => setOnlyIncomplete(event.currentTarget.checked)}
                mb={8}
              />
            </Group>
            <Text size="sm" c="dimmed" data-testid="trainers-count" mb={8}>
              {t('masterData.trainers.count', { shown: rows.length, total: all.length })}
            </Text>
          </Group>
        </Card>
        <Card p={0} style={{ overflow: 'hidden' }}>
          <GridLoadState query={trainers} loadingHeight={600} />
          {trainers.data && (
            <div style={{ height: 600 }} data-testid="trainers-grid">
              <AgGridReact<TTrainerListItem>
                key={i18n.language /* localeText is read once */}
                ref={grid}
                theme={gridTheme}
                defaultCsvExportParams={csvExportDefaults}
                rowData={rows}
                columnDefs={columnDefs}
                defaultColDef={{ sortable: true, resizable: true, cellStyle: { display: 'flex', alignItems: 'center' } }}
                getRowId={({ data }) => String(data.id)}
                onRowClicked={({ data }) => data && navigate(`/${locale}/admin/trainer/${data.id}/edit`)}
                rowStyle={{ cursor: 'pointer' }}
                rowHeight={52}
                tooltipShowDelay={300}
                localeText={{ noRowsToShow: all.length === 0 ? t('masterData.trainers.empty') : t('masterData.trainers.noMatch') }}
              />
            </div>
          )}
        </Card>
      </Stack>
    </>
  );
}
