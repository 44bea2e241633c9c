import { Alert, Anchor, Badge, Button, Card, Center, Code, Group, Loader, SimpleGrid, Stack, Text, type MantineColor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TWorkflowHistoryRow } from '../../../../contracts/settlement.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconArrowLeft } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatImportLogTime, formatMonth } from '../../shared/format';
import { csvExportDefaults, gridTheme } from '../../shared/grid';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { SettlementStatusBadge } from './badges';
import { IconExternal } from './icons';
import { settlementQueryKeys, useSettlements, useSettlementWorkflow } from './api';
import { useSettlementLiveUpdates } from './use-settlement-live-updates';
import { WIZARD_STEPS } from './wizard/wizard-steps';

const WORKFLOW_STATUS_COLOR: Record<string, MantineColor> = {
  RUNNING: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  TERMINATED: 'red',
  TIMED_OUT: 'orange',
  CANCELLED: 'gray',
  CONTINUED_AS_NEW: 'gray',
};

/** `/:locale/admin/workflows`: the settlements of the selected group, each leading to its workflow (ops). */
export function WorkflowIndexPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const settlements = useSettlements(current);
  return (
    <>
      <PageHeader title={t('workflows.title')} description={t('workflows.description')} />
      {settlements.isPending && (
        <Center mih={200}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {settlements.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert">
          {errorMessage(settlements.error)}
        </Alert>
      )}
      {settlements.data?.length === 0 && <Text c="dimmed">{t('workflows.empty')}</Text>}
      <Stack gap="xs">
        {settlements.data?.map((item) => (
          <Card key={item.settlementUuid} padding="sm">
            <Group justify="space-between">
              <Group gap="sm">
                <Text fw={600}>{formatMonth(item.month, locale)}</Text>
                <SettlementStatusBadge status={item.status} size="sm" />
                <Code>settlement-{item.settlementUuid}</Code>
              </Group>
              <Button component={Link} to={`/${locale}/admin/workflows/${item.settlementUuid}`} variant="light" size="xs">
                {t('workflows.open')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** `/:locale/admin/workflows/:settlementUuid`: a settlement workflow's status and event history (ops). */
export function SettlementWorkflowPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { settlementUuid = '' } = useParams();
  const { current } = useCurrentStudioGroup();
  const info = useSettlementWorkflow(current, settlementUuid);
  useSettlementLiveUpdates(info.data ? settlementUuid : null);
  const grid = useRef<AgGridReact<TWorkflowHistoryRow>>(null);

  const columnDefs = useMemo<ColDef<TWorkflowHistoryRow>[]>(
    () => [
      { colId: 'id', field: 'id', headerName: t('workflows.columns.id'), width: 90, type: 'numericColumn', sort: 'asc' },
      {
        colId: 'time',
        field: 'time',
        headerName: t('workflows.columns.time'),
        width: 190,
        valueFormatter: ({ value }) => (typeof value === 'string' ? formatImportLogTime(value) : ''),
      },
      { colId: 'type', field: 'type', headerName: t('workflows.columns.type'), width: 300, filter: true },
      { colId: 'details', field: 'details', headerName: t('workflows.columns.details'), flex: 1, minWidth: 260, filter: true, tooltipField: 'details' },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language],
  );

  const data = info.data;
  const state = data?.state ?? null;

  return (
    <>
      <PageHeader
        title={t('workflows.detailTitle')}
        description={t('workflows.detailDescription')}
        actions={
          <Group gap="sm">
            <Button component={Link} to={`/${locale}/admin/workflows`} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t('workflows.back')}
            </Button>
            <Button variant="default" onClick={() => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.workflow(settlementUuid) })}>
              {t('settlement.wizard.reload')}
            </Button>
          </Group>
        }
      />
      {info.isPending && (
        <Center mih={240}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {info.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="workflow-error">
          {errorMessage(info.error)}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <Card>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
              <Fact label={t('workflows.workflowId')}>
                <Code data-testid="workflow-id">{data.workflowId}</Code>
              </Fact>
              <Fact label={t('workflows.status')}>
                <Badge color={WORKFLOW_STATUS_COLOR[data.status] ?? 'gray'} tt="none" data-testid="workflow-status">
                  {data.status}
                </Badge>
              </Fact>
              <Fact label={t('workflows.started')}>
                <Text size="sm">{formatImportLogTime(data.startTime)}</Text>
              </Fact>
              <Fact label={t('workflows.closed')}>
                <Text size="sm">{data.closeTime ? formatImportLogTime(data.closeTime) : '–'}</Text>
              </Fact>
              <Fact label={t('workflows.runId')}>
                <Code>{data.runId}</Code>
              </Fact>
              <Fact label={t('workflows.historyLength')}>
                <Text size="sm">{data.historyLength}</Text>
              </Fact>
              {state && (
                <Fact label={t('workflows.step')}>
                  <Text size="sm">
                    {state.step + 1} · {t(`settlement.wizard.steps.${WIZARD_STEPS[state.step]}`)}
                  </Text>
                </Fact>
              )}
              {state && (
                <Fact label={t('workflows.preparation')}>
                  <Text size="sm">
                    {state.preparation.phase} · {state.preparation.percent}%
                  </Text>
                </Fact>
              )}
            </SimpleGrid>
            <Group mt="lg" gap="sm">
              <Button component="a" href={data.temporalUiUrl} target="_blank" rel="noopener noreferrer" variant="light" rightSection={<IconExternal />} data-testid="workflow-temporal-ui">
                {t('workflows.temporalUi')}
              </Button>
              <Anchor component={Link} to={`/${locale}/admin/settlement/${settlementUuid}`} size="sm">
                {t('workflows.settlement')}
              </Anchor>
            </Group>
          </Card>

          <Card p={0} style={{ overflow: 'hidden' }}>
            <Group justify="space-between" p="md" pb="sm">
              <Text fw={600}>{t('workflows.history', { count: data.events.length })}</Text>
              <Button size="xs" variant="default" onClick={() => grid.current?.api.exportDataAsCsv({ fileName: `${data.workflowId}-history.csv` })}>
                {t('workflows.exportCsv')}
              </Button>
            </Group>
            <div style={{ height: 600 }} data-testid="workflow-history">
              <AgGridReact<TWorkflowHistoryRow>
                ref={grid}
                key={i18n.language /* localeText is read once */}
                theme={gridTheme}
                defaultCsvExportParams={csvExportDefaults}
                rowData={data.events}
                columnDefs={columnDefs}
                defaultColDef={{ sortable: true, resizable: true }}
                getRowId={({ data: row }) => String(row.id)}
                localeText={{ noRowsToShow: t('workflows.noEvents') }}
              />
            </div>
          </Card>
        </Stack>
      )}
    </>
  );
}
