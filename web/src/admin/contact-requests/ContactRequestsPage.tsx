import { Alert, Anchor, Badge, Button, Card, Center, Grid, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CONTACT_REQUEST_FILTERS, type TContactRequest } from '../../../../contracts/contact.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useContactRequests, useMarkContactRequest, type ContactRequestFilter } from './api';

const isFilter = (value: string | null): value is ContactRequestFilter => (CONTACT_REQUEST_FILTERS as readonly (string | null)[]).includes(value);

/** One request as the visitor sent it: every value as text (a visitor's markup is never rendered). */
function ContactRequestDetail({ request }: { request: TContactRequest }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mark = useMarkContactRequest();
  const none = (
    <Text span c="dimmed" fs="italic">
      {t('contactRequests.none')}
    </Text>
  );
  const rows: [string, React.ReactNode][] = [
    [t('contactRequests.fields.company'), request.company],
    [t('contactRequests.fields.name'), `${request.firstname} ${request.lastname}`],
    [t('contactRequests.fields.email'), <Anchor href={`mailto:${request.email}`}>{request.email}</Anchor>],
    [t('contactRequests.fields.phone'), request.phone ?? none],
    [t('contactRequests.fields.language'), request.language],
    [t('contactRequests.fields.received'), formatSettlementTime(request.createdAt, locale)],
  ];
  const toggle = () =>
    mark.mutate(
      { uuid: request.uuid, handled: !request.handledAt },
      {
        onSuccess: (updated) => notifications.show({ color: 'green', message: updated.handledAt ? t('contactRequests.markedHandled') : t('contactRequests.reopened') }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  return (
    <Card data-testid="contact-request-detail">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={3} fz="lg">
            {request.company}
          </Title>
          {request.handledAt ? (
            <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
              {t('contactRequests.handledBy', { date: formatSettlementTime(request.handledAt, locale), name: request.handledBy ?? '' })}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              {t('contactRequests.open')}
            </Badge>
          )}
        </Group>
        <Table variant="vertical" withTableBorder={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('contactRequests.fields.message')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="contact-request-message" c={request.message ? undefined : 'dimmed'}>
            {request.message ?? t('contactRequests.noMessage')}
          </Text>
        </Stack>
        <Group>
          <Button component="a" href={`mailto:${request.email}`} variant="default">
            {t('contactRequests.reply')}
          </Button>
          {request.studioGroupUuid ? (
            <Button component={Link} to={`/${locale}/admin/studio-groups/${request.studioGroupUuid}`} variant="default" data-testid="contact-request-open-group">
              {t('onboarding.openGroup')}
            </Button>
          ) : (
            <Button component={Link} to={`/${locale}/admin/studio-groups/new?request=${request.uuid}`} variant="light" data-testid="contact-request-create-group">
              {t('onboarding.fromRequest')}
            </Button>
          )}
          <Button onClick={toggle} loading={mark.isPending} variant={request.handledAt ? 'default' : 'filled'} data-testid="contact-request-toggle">
            {request.handledAt ? t('contactRequests.reopen') : t('contactRequests.markHandled')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/:locale/admin/contact-requests` (operators): the public contact form's requests; `?status=` filters, `?request={uuid}` selects. */
export function ContactRequestsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const status: ContactRequestFilter = isFilter(searchParams.get('status')) ? (searchParams.get('status') as ContactRequestFilter) : 'open';
  const list = useContactRequests(status);
  const requests = list.data?.requests ?? [];
  const selectedUuid = searchParams.get('request');
  const selected = requests.find((request) => request.uuid === selectedUuid) ?? requests[0];
  const setParam = (name: string, value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        if (name === 'status') next.delete('request');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={t('contactRequests.title')}
        description={t('contactRequests.description')}
        actions={
          <SegmentedControl
            value={status}
            onChange={(value) => setParam('status', value)}
            data={CONTACT_REQUEST_FILTERS.map((value) => ({ value, label: value === 'open' && list.data ? `${t('contactRequests.filter.open')} (${list.data.open})` : t(`contactRequests.filter.${value}`) }))}
            data-testid="contact-requests-filter"
          />
        }
      />
      {list.isError ? (
        <Alert color="red" icon={<IconAlert />} title={t('contactRequests.loadError')}>
          {errorMessage(list.error)}
        </Alert>
      ) : list.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : requests.length === 0 ? (
        <Alert color="gray" icon={<IconInfo />} data-testid="contact-requests-empty">
          {t(`contactRequests.empty.${status}`)}
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card p={0}>
              <Table highlightOnHover data-testid="contact-requests-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('contactRequests.columns.received')}</Table.Th>
                    <Table.Th>{t('contactRequests.columns.company')}</Table.Th>
                    <Table.Th>{t('contactRequests.columns.name')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {requests.map((request) => (
                    <Table.Tr
                      key={request.uuid}
                      onClick={() => setParam('request', request.uuid)}
                      bg={request.uuid === selected?.uuid ? 'var(--mantine-color-brand-0)' : undefined}
                      style={{ cursor: 'pointer' }}
                      aria-selected={request.uuid === selected?.uuid}
                      data-testid="contact-request-row"
                    >
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatSettlementTime(request.createdAt, locale)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setParam('request', request.uuid)}>
                          {request.company}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {request.firstname} {request.lastname}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {request.email}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>{selected ? <ContactRequestDetail request={selected} /> : <Text c="dimmed">{t('contactRequests.select')}</Text>}</Grid.Col>
        </Grid>
      )}
    </>
  );
}
