import { Alert, Badge, Button, Card, Center, Grid, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OUTBOX_STATUSES, type TOutboxEmail, type TOutboxList, type TOutboxStatus } from '../../../../contracts/outbox.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { csvExportDefaults, gridTheme } from '../../shared/grid';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { EmailDetail, usePurposeLabel } from './EmailDetail';
import { IconDownload } from './icons';
import { OutboxStatusBadge, useOutboxStatusLabel } from './OutboxStatusBadge';
import { useOutbox, useOutboxLiveUpdates } from './api';
import { formatEmailTime } from './outbox-format';

type GridContext = { delivery: TOutboxList['delivery']; purposeLabel: (purpose: string) => string };

const isStatus = (value: string | null): value is TOutboxStatus => (OUTBOX_STATUSES as readonly (string | null)[]).includes(value);

/** Subject over recipient and kind, as a mail client lists them. */
function EmailCell({ data, context }: CustomCellRendererProps<TOutboxEmail, unknown, GridContext>) {
  if (!data) return null;
  return (
    <Stack gap={0} justify="center" h="100%" lh={1.3} style={{ minWidth: 0 }}>
      <Text span size="sm" fw={600} truncate data-testid="outbox-row-subject">
        {data.subject}
      </Text>
      <Text span size="xs" c="dimmed" truncate>
        {data.to} · {context.purposeLabel(data.purpose)}
      </Text>
    </Stack>
  );
}

function StatusCell({ data, context }: CustomCellRendererProps<TOutboxEmail, unknown, GridContext>) {
  return data ? <OutboxStatusBadge status={data.status} delivery={context.delivery} /> : null;
}

/**
 * `/:locale/admin/outbox`: the e-mails of the studio group, newest first (an AG Grid with a status
 * filter and CSV export), and the selected one as its recipient sees it. `?email={uuid}` selects.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const studioGroupUuid = current!.uuid;
  const [searchParams, setSearchParams] = useSearchParams();
  const status = isStatus(searchParams.get('status')) ? (searchParams.get('status') as TOutboxStatus) : null;
  const selected = searchParams.get('email');
  const outbox = useOutbox(studioGroupUuid, status);
  useOutboxLiveUpdates(studioGroupUuid);
  const grid = useRef<AgGridReact<TOutboxEmail>>(null);
  const purposeLabel = usePurposeLabel();
  const delivery = outbox.data?.delivery ?? 'smtp';
  const statusLabel = useOutboxStatusLabel(delivery);
  // Four segments do not fit a phone's width side by side.
  const narrow = useMediaQuery('(max-width: 30em)');

  const setParams = (changes: Record<string, string | null>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  const emails = outbox.data?.emails;
  // The newest e-mail is open when the page opens, so there is something to read at once.
  useEffect(() => {
    if (!selected && emails && emails.length > 0) setParams({ email: emails[0]!.uuid });
  }, [emails]);

  // The grid's selection follows the URL (a reload, a link, the first e-mail opened above).
  useEffect(() => {
    const api = grid.current?.api;
    if (!api || !selected) return;
    const node = api.getRowNode(selected);
    if (node && !node.isSelected()) node.setSelected(true, true);
  }, [selected, emails]);

  const columnDefs = useMemo<ColDef<TOutboxEmail>[]>(
    () => [
      {
        colId: 'createdAt',
        field: 'createdAt',
        headerName: t('outbox.columns.createdAt'),
        valueFormatter: ({ value }) => formatEmailTime(value as string, locale),
        width: 160,
      },
      {
        colId: 'email',
        headerName: `${t('outbox.columns.subject')} / ${t('outbox.columns.to')}`,
        valueGetter: ({ data }) => (data ? `${data.subject} ${data.to}` : ''),
        cellRenderer: EmailCell,
        flex: 1,
        minWidth: 220,
        tooltipValueGetter: ({ data }) => (data ? `${data.subject}\n${data.to}` : ''),
      },
      {
        colId: 'status',
        headerName: t('outbox.columns.status'),
        valueGetter: ({ data }) => (data ? statusLabel(data.status) : ''),
        cellRenderer: StatusCell,
        width: 165,
      },
      // Shown in the e-mail cell and the detail panel; columns of their own for the CSV export.
      { colId: 'to', field: 'to', headerName: t('outbox.columns.to'), hide: true },
      { colId: 'subject', field: 'subject', headerName: t('outbox.columns.subject'), hide: true },
      { colId: 'purpose', headerName: t('outbox.columns.purpose'), valueGetter: ({ data }) => (data ? purposeLabel(data.purpose) : ''), hide: true },
      { colId: 'sentAt', field: 'sentAt', headerName: t('outbox.columns.sentAt'), valueFormatter: ({ value }) => formatEmailTime(value as string | null, locale), hide: true },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language, locale, delivery],
  );

  const filter = (
    <SegmentedControl
      data-testid="outbox-status-filter"
      aria-label={t('outbox.filter.label')}
      orientation={narrow ? 'vertical' : 'horizontal'}
      fullWidth={narrow}
      value={status ?? 'all'}
      onChange={(value) => setParams({ status: value === 'all' ? null : value })}
      data={[
        { value: 'all', label: t('outbox.filter.all') },
        ...OUTBOX_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
      ]}
    />
  );

  return (
    <>
      <PageHeader
        title={t('outbox.title')}
        description={t('outbox.description')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload />}
            disabled={!emails || emails.length === 0}
            onClick={() => grid.current?.api.exportDataAsCsv({ fileName: 'outbox.csv', columnKeys: ['createdAt', 'to', 'subject', 'purpose', 'status', 'sentAt'] })}
            data-testid="outbox-export"
          >
            {t('outbox.exportCsv')}
          </Button>
        }
      />
      <Stack gap="md">
        {outbox.data?.delivery === 'outbox' && (
          <Alert color="blue" icon={<IconInfo />} data-testid="outbox-no-mail-server">
            {t('outbox.noMailServer')}
          </Alert>
        )}
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card p={0} style={{ overflow: 'hidden' }}>
              <Group justify="space-between" gap="sm" p="sm" wrap="wrap">
                {filter}
                {outbox.data && (
                  <Text size="sm" c="dimmed" data-testid="outbox-count">
                    {t('outbox.count', { shown: outbox.data.emails.length, total: outbox.data.total })}
                  </Text>
                )}
              </Group>
              {outbox.isPending && (
                <Center h={560}>
                  <Loader aria-label={t('common.loading')} />
                </Center>
              )}
              {outbox.isError && (
                <Center h={300}>
                  <Stack align="center" gap="xs">
                    <Badge color="red" variant="filled" size="lg" tt="none" leftSection={<IconAlert size={14} />}>
                      {t('outbox.loadError')}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {errorMessage(outbox.error)}
                    </Text>
                  </Stack>
                </Center>
              )}
              {outbox.data && (
                <div style={{ height: 560 }} data-testid="outbox-grid" data-rows={outbox.data.emails.length}>
                  <AgGridReact<TOutboxEmail>
                    key={i18n.language /* localeText is read once */}
                    ref={grid}
                    theme={gridTheme}
                    defaultCsvExportParams={csvExportDefaults}
                    rowData={outbox.data.emails}
                    columnDefs={columnDefs}
                    context={{ delivery, purposeLabel } satisfies GridContext}
                    defaultColDef={{ sortable: true, resizable: true, cellStyle: { display: 'flex', alignItems: 'center' } }}
                    suppressCellFocus
                    getRowId={({ data }) => data.uuid}
                    rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
                    onRowClicked={({ data }) => data && setParams({ email: data.uuid })}
                    onFirstDataRendered={({ api }) => selected && api.getRowNode(selected)?.setSelected(true, true)}
                    rowStyle={{ cursor: 'pointer' }}
                    rowHeight={56}
                    tooltipShowDelay={300}
                    localeText={{ noRowsToShow: status ? t('outbox.emptyFiltered') : t('outbox.empty') }}
                  />
                </div>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <EmailDetail studioGroupUuid={studioGroupUuid} uuid={selected} delivery={delivery} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
