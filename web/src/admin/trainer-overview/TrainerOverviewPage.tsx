import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip, type MantineColor } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_TRAINER_STATES, type TAdminTrainerState } from '../../../../contracts/trainer-overview.contract';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { IconAlert } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { exportTrainers, useTrainerOverview } from './api';
import { EMPTY_FILTERS, filterTrainers, formatUpdated, type BooleanFilter, type OverviewFilters } from './overview-filters';

/** Spec 4: approved green, new blue, changed yellow, rejected red, pending grey; unknown as pending. */
export const STATE_COLOR: Record<TAdminTrainerState, MantineColor> = { approved: 'green', new: 'blue', changed: 'yellow', rejected: 'red', pending: 'gray' };

export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = (ADMIN_TRAINER_STATES as readonly string[]).includes(state) ? (state as TAdminTrainerState) : null;
  return (
    <Badge color={known ? STATE_COLOR[known] : 'gray'} variant="light" tt="none" data-testid="trainer-state" data-state={state}>
      {known ? t(`trainerAdmin.states.${known}`) : state}
    </Badge>
  );
}

/** /:locale/admin/trainer-overview: spec 2.20, the admin trainer overview with client-side filters and export. */
export function TrainerOverviewPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const trainers = useTrainerOverview(current!.uuid);
  const [filters, setFilters] = useState<OverviewFilters>(EMPTY_FILTERS);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const shown = useMemo(() => filterTrainers(trainers.data ?? [], filters), [trainers.data, filters]);
  const set = <K extends keyof OverviewFilters>(key: K, value: OverviewFilters[K]) => setFilters((before) => ({ ...before, [key]: value }));

  const booleanData = [
    { value: 'all', label: t('trainerAdmin.overview.filters.all') },
    { value: 'yes', label: t('trainerAdmin.overview.filters.yes') },
    { value: 'no', label: t('trainerAdmin.overview.filters.no') },
  ];
  const booleanSelect = (key: 'isEmployee' | 'emailValid' | 'accountConnected', label: string) => (
    <Select
      label={label}
      data={booleanData}
      value={filters[key]}
      onChange={(value) => set(key, (value ?? 'all') as BooleanFilter)}
      allowDeselect={false}
      data-testid={`filter-${key}`}
    />
  );

  const onExport = async () => {
    // Spec 5: export does nothing when no trainers are selected.
    if (shown.length === 0 || exporting) return;
    setExporting(true);
    setExportFailed(false);
    try {
      await exportTrainers(shown.map((trainer) => trainer.trainerUuid));
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };

  const yesNo = (value: boolean) => (
    <Badge variant="light" color={value ? 'teal' : 'gray'} tt="none">
      {value ? t('trainerAdmin.overview.yes') : t('trainerAdmin.overview.no')}
    </Badge>
  );

  return (
    <>
      <PageHeader title={t('trainerAdmin.overview.title')} description={t('trainerAdmin.overview.description')} />
      {trainers.isPending ? (
        <DelayedLoader />
      ) : trainers.isError ? (
        <Alert color="red" icon={<IconAlert />} data-testid="overview-load-error">
          {t('trainerAdmin.overview.loadFailed')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Card withBorder>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <TextInput
                  label={t('trainerAdmin.overview.filters.name')}
                  placeholder={t('trainerAdmin.overview.filters.namePlaceholder')}
                  value={filters.name}
                  onChange={(event) => set('name', event.currentTarget.value)}
                  data-testid="filter-name"
                />
                <TextInput
                  label={t('trainerAdmin.overview.filters.keywords')}
                  placeholder={t('trainerAdmin.overview.filters.keywordsPlaceholder')}
                  value={filters.keyword}
                  onChange={(event) => set('keyword', event.currentTarget.value)}
                  data-testid="filter-keyword"
                />
                {booleanSelect('isEmployee', t('trainerAdmin.overview.filters.isEmployee'))}
                {booleanSelect('emailValid', t('trainerAdmin.overview.filters.emailValid'))}
                <Select
                  label={t('trainerAdmin.overview.filters.status')}
                  data={[{ value: 'all', label: t('trainerAdmin.overview.filters.all') }, ...ADMIN_TRAINER_STATES.map((state) => ({ value: state, label: t(`trainerAdmin.states.${state}`) }))]}
                  value={filters.status}
                  onChange={(value) => set('status', (value ?? 'all') as OverviewFilters['status'])}
                  allowDeselect={false}
                  data-testid="filter-status"
                />
                {booleanSelect('accountConnected', t('trainerAdmin.overview.filters.accountConnected'))}
                <TextInput
                  type="date"
                  label={t('trainerAdmin.overview.filters.updatedFrom')}
                  value={filters.updatedFrom}
                  onChange={(event) => set('updatedFrom', event.currentTarget.value)}
                  data-testid="filter-updated"
                />
                <Select
                  label={t('trainerAdmin.overview.filters.sort')}
                  data={[
                    { value: 'desc', label: t('trainerAdmin.overview.filters.sortDesc') },
                    { value: 'asc', label: t('trainerAdmin.overview.filters.sortAsc') },
                  ]}
                  value={filters.sort}
                  onChange={(value) => set('sort', value === 'asc' ? 'asc' : 'desc')}
                  allowDeselect={false}
                  data-testid="filter-sort"
                />
              </SimpleGrid>
              <Group justify="space-between">
                <Text size="sm" fw={600} data-testid="overview-count">
                  {t('trainerAdmin.overview.count', { shown: shown.length, total: trainers.data.length })}
                </Text>
                <Button variant="default" size="xs" onClick={() => setFilters(EMPTY_FILTERS)} data-testid="filter-reset">
                  {t('trainerAdmin.overview.filters.reset')}
                </Button>
              </Group>
            </Stack>
          </Card>

          {shown.length > 0 && (
            <Card withBorder data-testid="export-bar">
              <Group justify="space-between">
                <Text size="sm" data-testid="export-count">
                  {t('trainerAdmin.overview.exportSelected', { count: shown.length })}
                </Text>
                <Button onClick={() => void onExport()} loading={false} disabled={exporting} data-testid="export-button">
                  {exporting ? t('trainerAdmin.overview.exporting') : t('trainerAdmin.overview.export')}
                </Button>
              </Group>
            </Card>
          )}
          {exportFailed && (
            <Alert color="red" icon={<IconAlert />} role="alert" data-testid="export-error" withCloseButton onClose={() => setExportFailed(false)}>
              {t('trainerAdmin.overview.exportFailed')}
            </Alert>
          )}

          {trainers.data.length === 0 ? (
            <Card withBorder data-testid="overview-empty">
              <Title order={4}>{t('trainerAdmin.overview.emptyTitle')}</Title>
              <Text c="dimmed">{t('trainerAdmin.overview.emptyText')}</Text>
            </Card>
          ) : shown.length === 0 ? (
            <Card withBorder data-testid="overview-no-match">
              <Title order={4}>{t('trainerAdmin.overview.noMatchTitle')}</Title>
              <Text c="dimmed">{t('trainerAdmin.overview.noMatchText')}</Text>
            </Card>
          ) : (
            <Card withBorder p={0}>
              <Table.ScrollContainer minWidth={900}>
                <Table striped highlightOnHover verticalSpacing="xs" data-testid="overview-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('trainerAdmin.overview.columns.name')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.isEmployee')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.emailValid')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.status')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.accountConnected')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.keywords')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.updated')}</Table.Th>
                      <Table.Th>{t('trainerAdmin.overview.columns.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((trainer) => (
                      <Table.Tr key={trainer.trainerUuid} data-testid="overview-row" data-trainer-uuid={trainer.trainerUuid}>
                        <Table.Td>
                          <Text size="sm" fw={600} data-testid="overview-name">
                            {trainer.trainerName}
                          </Text>
                        </Table.Td>
                        <Table.Td>{yesNo(trainer.isEmployee)}</Table.Td>
                        <Table.Td>{yesNo(trainer.trainerEmailValid)}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <StateBadge state={trainer.workflowState} />
                            {trainer.ibanChangePending && (
                              <Tooltip label={t('trainerAdmin.overview.ibanPending')}>
                                <Badge color="orange" variant="outline" tt="none" data-testid="overview-iban-pending">
                                  IBAN
                                </Badge>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>{yesNo(trainer.trainerAccountConnected)}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {trainer.trainerFilters.map((entry) => (
                              <Badge key={entry.name} variant="dot" tt="none">
                                {entry.name}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>{formatUpdated(trainer.updatedDt)}</Table.Td>
                        <Table.Td>
                          <Button
                            component={Link}
                            to={`/${locale}/admin/trainer/${trainer.id}/edit`}
                            size="xs"
                            variant="light"
                            aria-label={t('trainerAdmin.overview.editOf', { name: trainer.trainerName })}
                            data-testid="overview-edit"
                          >
                            {t('trainerAdmin.overview.edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}
