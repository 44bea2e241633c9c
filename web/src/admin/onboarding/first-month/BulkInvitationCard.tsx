import { Alert, Badge, Button, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFirstMonthChecklist, TFirstMonthInvitee } from '../../../../../contracts/first-month.contract';
import { errorMessage } from '../../../shared/api/client';
import { IconAlert, IconCheck } from '../../../shared/components/icons';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useBulkInvitation } from './api';
import { ScrollTable } from '../../../shared/components/ScrollTable';

const STATE_COLOUR: Record<TFirstMonthInvitee['state'], string> = { notInvited: 'gray', pending: 'blue', accepted: 'green', declined: 'red', revoked: 'gray', disconnected: 'gray' };

/** Invites every trainer with an e-mail address not yet invited, and shows who was invited and who accepted. */
export function BulkInvitationCard({ studioGroupUuid, invitations }: { studioGroupUuid: string; invitations: TFirstMonthChecklist['items']['invitations'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invite = useBulkInvitation(studioGroupUuid);
  const pending = invitations.notInvitedWithEmail;

  return (
    <Card withBorder id="invitations" data-testid="bulk-invitation">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('firstMonth.invite.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('firstMonth.invite.text')}
        </Text>
        <Text size="sm" fw={600} data-testid="bulk-invitation-pending">
          {pending > 0 ? t('firstMonth.invite.pending', { count: pending }) : t('firstMonth.invite.nothingPending')}
        </Text>
        <div>
          <Button onClick={() => invite.mutate({})} loading={invite.isPending} disabled={pending === 0} data-testid="bulk-invitation-send">
            {t('firstMonth.invite.button')}
          </Button>
        </div>
        {invite.isSuccess && (
          <Alert color="green" icon={<IconCheck />} data-testid="bulk-invitation-result">
            <Text size="sm">{invite.data.message}</Text>
            {invite.data.skipped.length > 0 && (
              <List size="sm" spacing={2} mt="xs" aria-label={t('firstMonth.invite.skipped')}>
                {invite.data.skipped.map((skip) => (
                  <List.Item key={skip.trainerUuid}>
                    {skip.name ?? skip.trainerUuid}: {skip.message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {invite.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert">
            {errorMessage(invite.error)}
          </Alert>
        )}
        {invitations.people.length === 0 ? (
          <Text size="sm">{t('firstMonth.invite.empty')}</Text>
        ) : (
          <ScrollTable minWidth={560} label={t('firstMonth.invite.title')}>
            <Table striped data-testid="invitation-people">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('firstMonth.invite.table.name')}</Table.Th>
                  <Table.Th>{t('firstMonth.invite.table.email')}</Table.Th>
                  <Table.Th>{t('firstMonth.invite.table.state')}</Table.Th>
                  <Table.Th>{t('firstMonth.invite.table.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.people.map((person) => (
                  <Table.Tr key={person.trainerUuid} data-testid="invitation-person" data-state={person.state}>
                    <Table.Td>{person.name}</Table.Td>
                    <Table.Td>{person.email ?? <Text span size="sm" c="dimmed">{t('firstMonth.invite.noEmail')}</Text>}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOUR[person.state]} variant="light">
                        {t(`firstMonth.invite.states.${person.state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{person.respondedAt ?? person.invitedAt ? formatDate((person.respondedAt ?? person.invitedAt)!, locale) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
