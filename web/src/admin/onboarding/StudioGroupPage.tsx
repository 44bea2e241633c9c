import { Alert, Anchor, Button, Card, Center, Group, Loader, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TAuditLogEntry, TOperatorStudioGroup } from '../../../../contracts/onboarding.contract';
import { ApiError, errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { fieldErrorOfServer } from '../../shared/forms';
import { formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { LogoSettingsCard } from '../account-links/LogoSettingsCard';
import { StaffPanel } from '../staff/StaffPanel';
import { useAuditLog, useChangeStudioGroupState, useStudioGroup, useStudioGroups, useUpdateStudioGroup, type StateChange } from './api';
import { formOfGroup, StudioGroupForm } from './StudioGroupForm';
import { StudioGroupStateBadge } from './StudioGroupStateBadge';
import { ScrollTable } from '../../shared/components/ScrollTable';

type Confirming = 'live' | 'suspend' | 'reactivate' | null;

/** /:locale/admin/studio-groups/:studioGroupUuid (operators): state and its changes, the form, the audit log. */
export function StudioGroupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { studioGroupUuid = '' } = useParams();
  const group = useStudioGroup(studioGroupUuid);
  const groups = useStudioGroups();

  if (group.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!group.data) {
    return (
      <>
        <PageHeader title={t('onboarding.list.title')} />
        <Alert color="red" icon={<IconAlert />} title={t('onboarding.detail.loadError')}>
          {errorMessage(group.error)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <Anchor component={Link} to={`/${locale}/admin/studio-groups`} size="sm" mb="xs" display="inline-block">
        ← {t('onboarding.detail.back')}
      </Anchor>
      <StateHeader group={group.data} />
      <Stack gap="lg">
        <EditForm key={group.data.updatedAt} group={group.data} mandants={groups.data?.mandants ?? []} />
        <Stack gap="xs" data-testid="studio-group-staff">
          <Title order={2} fz="xl">
            {t('onboarding.detail.staffTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('onboarding.detail.staffText')}
          </Text>
          <StaffPanel studioGroupUuid={group.data.uuid} />
        </Stack>
        <AuditLogCard studioGroupUuid={group.data.uuid} />
      </Stack>
    </>
  );
}

function StateHeader({ group }: { group: TOperatorStudioGroup }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const change = useChangeStudioGroupState(group.uuid);

  const run = (next: StateChange) =>
    change.mutate(next, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
        setConfirming(null);
        setReason('');
      },
      onError: (error) => {
        if (next.action === 'suspend' && fieldErrorOfServer(error).reason) setReasonError(fieldErrorOfServer(error).reason!);
        else notifications.show({ color: 'red', message: errorMessage(error) });
      },
    });
  const suspend = () => {
    if (!reason.trim()) {
      setReasonError(t('onboarding.detail.reasonRequired'));
      return;
    }
    run({ action: 'suspend', reason: reason.trim() });
  };

  return (
    <>
      <PageHeader
        title={group.name}
        description={`${group.companyName} · ${group.apiSlug} · ${group.mandant.name}`}
        actions={
          <Group gap="sm">
            <StudioGroupStateBadge state={group.state} />
            {group.state === 'set_up' && (
              <Button variant="light" onClick={() => setConfirming('live')} data-testid="studio-group-mark-live">
                {t('onboarding.detail.markLive')}
              </Button>
            )}
            {group.state === 'suspended' ? (
              <Button onClick={() => setConfirming('reactivate')} data-testid="studio-group-reactivate">
                {t('onboarding.detail.reactivate')}
              </Button>
            ) : (
              <Button color="red" variant="light" onClick={() => setConfirming('suspend')} data-testid="studio-group-suspend">
                {t('onboarding.detail.suspend')}
              </Button>
            )}
          </Group>
        }
      />
      {group.state === 'set_up' && (
        <Alert color="yellow" icon={<IconInfo />} mb="lg" data-testid="studio-group-state-hint">
          {t('onboarding.detail.setUpHint')}
        </Alert>
      )}
      {group.state === 'suspended' && (
        <Alert color="red" icon={<IconAlert />} mb="lg" data-testid="studio-group-state-hint">
          {t('onboarding.detail.suspendedHint', { date: formatSettlementTime(group.suspendedAt, locale), reason: group.suspensionReason ?? '' })}
        </Alert>
      )}

      <Modal opened={confirming === 'suspend'} onClose={() => setConfirming(null)} title={t('onboarding.detail.suspendTitle', { name: group.name })} data-testid="suspend-dialog">
        <Stack gap="md">
          <Text size="sm">{t('onboarding.detail.suspendText')}</Text>
          <Textarea
            label={t('onboarding.detail.reason')}
            description={t('onboarding.detail.reasonHint')}
            required
            autosize
            minRows={2}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            data-testid="suspend-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('onboarding.form.cancel')}
            </Button>
            <Button color="red" onClick={suspend} loading={change.isPending} data-testid="suspend-confirm">
              {t('onboarding.detail.confirmSuspend')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirming === 'reactivate' || confirming === 'live'} onClose={() => setConfirming(null)} title={t(confirming === 'live' ? 'onboarding.detail.liveTitle' : 'onboarding.detail.reactivateTitle', { name: group.name })}>
        <Stack gap="md">
          <Text size="sm">{t(confirming === 'live' ? 'onboarding.detail.liveText' : 'onboarding.detail.reactivateText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('onboarding.form.cancel')}
            </Button>
            <Button onClick={() => run({ action: confirming === 'live' ? 'live' : 'reactivate' })} loading={change.isPending} data-testid="state-confirm">
              {t(confirming === 'live' ? 'onboarding.detail.confirmLive' : 'onboarding.detail.confirmReactivate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function EditForm({ group, mandants }: { group: TOperatorStudioGroup; mandants: { uuid: string; name: string }[] }) {
  const { t } = useTranslation();
  const update = useUpdateStudioGroup(group.uuid);
  return (
    <StudioGroupForm
      mode="edit"
      initial={formOfGroup(group)}
      mandants={mandants}
      logo={<LogoSettingsCard studioGroupUuid={group.uuid} name={group.name} />}
      submitting={update.isPending}
      submitLabel={t('onboarding.form.save')}
      onSubmit={async (values) => {
        try {
          const answer = await update.mutateAsync(values);
          notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
          return null;
        } catch (error) {
          return { errors: fieldErrorOfServer(error), message: error instanceof ApiError ? error.message : errorMessage(error) };
        }
      }}
    />
  );
}

/** What an entry changed, in words: the fields named, the reason given. */
function useDetailsOf() {
  const { t } = useTranslation();
  return (entry: TAuditLogEntry): string => {
    const parts: string[] = [];
    if (Array.isArray(entry.details.changed)) parts.push(t('onboarding.audit.changed', { fields: (entry.details.changed as string[]).join(', ') }));
    if (typeof entry.details.email === 'string') parts.push(entry.details.email);
    if (typeof entry.details.reason === 'string') parts.push(t('onboarding.audit.reason', { reason: entry.details.reason }));
    return parts.join(' · ');
  };
}

function AuditLogCard({ studioGroupUuid }: { studioGroupUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const log = useAuditLog(studioGroupUuid);
  const detailsOf = useDetailsOf();
  const actions = t('onboarding.audit.actions', { returnObjects: true }) as Record<string, string>;
  return (
    <Card data-testid="audit-log">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('onboarding.audit.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('onboarding.audit.description')}
        </Text>
        {log.isError ? (
          <Alert color="red" icon={<IconAlert />}>
            {errorMessage(log.error)}
          </Alert>
        ) : !log.data ? (
          <Loader size="sm" />
        ) : log.data.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('onboarding.audit.empty')}
          </Text>
        ) : (
          <ScrollTable minWidth={600} label={t('onboarding.audit.title')}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('onboarding.audit.columns.at')}</Table.Th>
                  <Table.Th>{t('onboarding.audit.columns.actor')}</Table.Th>
                  <Table.Th>{t('onboarding.audit.columns.action')}</Table.Th>
                  <Table.Th>{t('onboarding.audit.columns.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.entries.map((entry) => (
                  <Table.Tr key={entry.uuid} data-testid="audit-log-row" data-action={entry.action}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSettlementTime(entry.at, locale)}</Table.Td>
                    <Table.Td>{entry.actor}</Table.Td>
                    <Table.Td>{actions[entry.action] ?? entry.action}</Table.Td>
                    <Table.Td>{detailsOf(entry)}</Table.Td>
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
