import { Alert, Anchor, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STUDIO_GROUP_STATES, type TStudioGroupState } from '../../../../contracts/onboarding.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatDate, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useStudioGroups } from './api';
import { StudioGroupStateBadge } from './StudioGroupStateBadge';

type Filter = 'all' | TStudioGroupState;
const FILTERS: Filter[] = ['all', ...STUDIO_GROUP_STATES];
const isFilter = (value: string | null): value is Filter => FILTERS.includes(value as Filter);

/** /:locale/admin/studio-groups (operators): every group with its state, counts and last settlement. */
export function StudioGroupsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const list = useStudioGroups();
  const state = isFilter(params.get('state')) ? (params.get('state') as Filter) : 'all';
  const search = params.get('q') ?? '';
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'all') next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const needle = search.trim().toLowerCase();
  const groups = (list.data?.studioGroups ?? []).filter(
    (group) => (state === 'all' || group.state === state) && (!needle || `${group.name} ${group.companyName} ${group.apiSlug}`.toLowerCase().includes(needle)),
  );

  return (
    <>
      <PageHeader
        title={t('onboarding.list.title')}
        description={t('onboarding.list.description')}
        actions={
          <Button component={Link} to={`/${locale}/admin/studio-groups/new`} data-testid="studio-group-create">
            {t('onboarding.list.create')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            value={state}
            onChange={(value) => setParam('state', value)}
            data={FILTERS.map((filter) => ({ value: filter, label: t(`onboarding.filter.${filter}`) }))}
            data-testid="studio-groups-filter"
          />
          <TextInput
            aria-label={t('onboarding.list.search')}
            placeholder={t('onboarding.list.search')}
            value={search}
            onChange={(event) => setParam('q', event.currentTarget.value)}
            w={280}
            data-testid="studio-groups-search"
          />
        </Group>
        {list.isError ? (
          <Alert color="red" icon={<IconAlert />} title={t('onboarding.list.loadError')}>
            {errorMessage(list.error)}
          </Alert>
        ) : list.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : groups.length === 0 ? (
          <Alert color="gray" icon={<IconInfo />} data-testid="studio-groups-empty">
            {t('onboarding.list.empty')}
          </Alert>
        ) : (
          <Card p={0}>
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover data-testid="studio-groups-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('onboarding.list.columns.name')}</Table.Th>
                    <Table.Th>{t('onboarding.list.columns.state')}</Table.Th>
                    <Table.Th ta="right">{t('onboarding.list.columns.staff')}</Table.Th>
                    <Table.Th ta="right">{t('onboarding.list.columns.trainers')}</Table.Th>
                    <Table.Th ta="right">{t('onboarding.list.columns.studios')}</Table.Th>
                    <Table.Th>{t('onboarding.list.columns.lastSettlement')}</Table.Th>
                    <Table.Th>{t('onboarding.list.columns.created')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {groups.map((group) => (
                    <Table.Tr key={group.uuid} data-testid="studio-group-row" data-uuid={group.uuid}>
                      <Table.Td>
                        <Anchor component={Link} to={`/${locale}/admin/studio-groups/${group.uuid}`} fw={600} size="sm">
                          {group.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {group.companyName} · {group.apiSlug}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StudioGroupStateBadge state={group.state} />
                      </Table.Td>
                      <Table.Td ta="right">{group.counts.staff}</Table.Td>
                      <Table.Td ta="right">{group.counts.trainers}</Table.Td>
                      <Table.Td ta="right">{group.counts.studios}</Table.Td>
                      <Table.Td>
                        {group.lastSettlement ? (
                          formatMonth(group.lastSettlement.month, locale)
                        ) : (
                          <Text span size="sm" c="dimmed">
                            {t('onboarding.list.none')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{formatDate(group.createdAt, locale)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
    </>
  );
}
