import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client';
import { useChangeTrainerInvitation, useTrainerInvitation } from '../../shared/account-links/api';
import { IconAlert } from '../../shared/components/icons';
import { formatDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';

const STATE_COLOR = { none: 'gray', pending: 'yellow', accepted: 'green', declined: 'red', revoked: 'gray', connected: 'indigo' } as const;

/**
 * The admin trainer page's invitation card: invite the trainer to the portal by e-mail,
 * send the pending invitation again or withdraw it. The page around it is a form: this card has no
 * form of its own and its buttons never submit the page.
 */
export function TrainerInvitationCard({ studioGroupUuid, trainerId }: { studioGroupUuid: string; trainerId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invitation = useTrainerInvitation(studioGroupUuid, trainerId);
  const change = useChangeTrainerInvitation(studioGroupUuid, trainerId);
  const [email, setEmail] = useState<string | null>(null);
  if (!invitation.data) return null;
  const state = invitation.data;
  const address = email ?? state.trainerEmail ?? '';
  const canInvite = state.state !== 'pending' && state.state !== 'connected';

  const run = (action: Parameters<typeof change.mutate>[0]) =>
    change.mutate(action, { onSuccess: (saved) => notifications.show({ color: 'green', message: saved.message, autoClose: 4000 }) });
  const invite = () => run({ action: 'invite', email: address.trim() });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    invite();
  };
  const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10), locale) : '');

  return (
    <Card data-testid="trainer-invitation-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('accountLinks.adminInvitation.title')}</Title>
          <Badge variant="light" color={STATE_COLOR[state.state]} data-testid="trainer-invitation-state">
            {t(`accountLinks.adminInvitation.state.${state.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('accountLinks.adminInvitation.description')}
        </Text>
        {state.state === 'connected' && <Text size="sm">{t('accountLinks.adminInvitation.connectedAs', { email: state.connectedEmail ?? '' })}</Text>}
        {state.state === 'pending' && (
          <Text size="sm" data-testid="trainer-invitation-sent">
            {t('accountLinks.adminInvitation.sentTo', { email: state.email ?? '', date: day(state.sentAt), expires: day(state.linkExpiresAt) })}
          </Text>
        )}
        {change.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert" data-testid="trainer-invitation-error">
            {errorMessage(change.error)}
          </Alert>
        )}
        {canInvite && (
          <Group align="flex-end">
            <TextInput
              label={t('accountLinks.adminInvitation.email')}
              type="email"
              value={address}
              onChange={(event) => setEmail(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              style={{ flex: 1, minWidth: 240 }}
              data-testid="trainer-invitation-email"
            />
            <Button type="button" onClick={invite} loading={change.isPending} disabled={!address.trim()} data-testid="trainer-invitation-send">
              {t('accountLinks.adminInvitation.invite')}
            </Button>
          </Group>
        )}
        {state.state === 'pending' && (
          <Group>
            <Button type="button" variant="light" onClick={() => run({ action: 'resend' })} loading={change.isPending && change.variables?.action === 'resend'} data-testid="trainer-invitation-resend">
              {t('accountLinks.adminInvitation.resend')}
            </Button>
            <Button type="button" variant="subtle" color="red" onClick={() => run({ action: 'revoke' })} loading={change.isPending && change.variables?.action === 'revoke'} data-testid="trainer-invitation-revoke">
              {t('accountLinks.adminInvitation.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
