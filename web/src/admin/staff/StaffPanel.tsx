import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type TStaffMember, type TStaffRole } from '../../../../contracts/staff.contract';
import { ApiError, errorMessage } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import { formatDate, formatSettlementTime } from '../../shared/dates';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';
import { useChangeStaffRole, useInviteStaff, useRemoveStaffMember, useStaff, useWithdrawStaffInvitation } from './api';
import { ScrollTable } from '../../shared/components/ScrollTable';

const ok = (message: string) => notifications.show({ color: 'green', message });
const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });

/** Whether the signed-in user may change this group's staff: an operator or the group's admin (an accountant only reads). */
function useMayChangeStaff(studioGroupUuid: string): boolean {
  const session = useSession();
  if (session?.role === 'operator') return true;
  return session?.studioGroups.find((group) => group.uuid === studioGroupUuid)?.staffRole === 'admin';
}

function RoleBadge({ role }: { role: TStaffRole }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={role === 'admin' ? 'brand' : 'gray'}>
      {t(`staff.roles.${role}`)}
    </Badge>
  );
}

function InviteForm({ studioGroupUuid }: { studioGroupUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invite = useInviteStaff(studioGroupUuid);
  const empty = { email: '', firstname: '', lastname: '', role: 'accountant' as TStaffRole, locale: locale === 'de' ? ('de' as const) : ('en' as const) };
  const [form, setForm] = useState(empty);
  const [missing, setMissing] = useState<string[]>([]);
  const set = (field: keyof typeof form) => (value: string | null) => setForm((previous) => ({ ...previous, [field]: value ?? previous[field] }));
  const serverField = invite.error instanceof ApiError ? invite.error.field : undefined;
  const errorOf = (field: string) => (missing.includes(field) ? t('staff.invite.required') : serverField === field ? errorMessage(invite.error) : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const blank = (['email', 'firstname', 'lastname'] as const).filter((field) => !form[field].trim());
    setMissing(blank);
    if (blank.length > 0) return;
    invite.mutate(form, {
      onSuccess: (answer) => {
        ok(answer.message);
        setForm(empty);
      },
    });
  };

  return (
    <Card data-testid="staff-invite">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('staff.invite.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('staff.invite.text')}
          </Text>
          {invite.isError && !serverField && (
            <Alert color="red" icon={<IconAlert />} role="alert" data-testid="staff-invite-error">
              {errorMessage(invite.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('staff.invite.email')} type="email" required value={form.email} onChange={(event) => set('email')(event.currentTarget.value)} error={errorOf('email')} data-testid="staff-invite-email" />
            <Select
              label={t('staff.invite.role')}
              required
              allowDeselect={false}
              value={form.role}
              onChange={set('role')}
              data={STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
              data-testid="staff-invite-role"
            />
            <TextInput label={t('staff.invite.firstname')} required value={form.firstname} onChange={(event) => set('firstname')(event.currentTarget.value)} error={errorOf('firstname')} data-testid="staff-invite-firstname" />
            <TextInput label={t('staff.invite.lastname')} required value={form.lastname} onChange={(event) => set('lastname')(event.currentTarget.value)} error={errorOf('lastname')} data-testid="staff-invite-lastname" />
            <Select
              label={t('staff.invite.language')}
              required
              allowDeselect={false}
              value={form.locale}
              onChange={set('locale')}
              data={[
                { value: 'de', label: t('language.names.de') },
                { value: 'en', label: t('language.names.en') },
              ]}
              data-testid="staff-invite-locale"
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={invite.isPending} data-testid="staff-invite-submit">
              {t('staff.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function MemberRow({ studioGroupUuid, member, mayChange, onRemove }: { studioGroupUuid: string; member: TStaffMember; mayChange: boolean; onRemove: (member: TStaffMember) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeRole = useChangeStaffRole(studioGroupUuid);
  const name = `${member.firstname} ${member.lastname}`.trim() || member.email;
  return (
    <Table.Tr data-testid="staff-member" data-email={member.email}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.email}
        </Text>
      </Table.Td>
      <Table.Td>
        {mayChange ? (
          <Select
            aria-label={t('staff.members.roleOf', { name })}
            size="xs"
            w={150}
            allowDeselect={false}
            value={member.role}
            disabled={changeRole.isPending}
            data={STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
            onChange={(role) => role && role !== member.role && changeRole.mutate({ userUuid: member.userUuid, role: role as TStaffRole }, { onSuccess: (answer) => ok(answer.message), onError: failed })}
            data-testid="staff-member-role"
          />
        ) : (
          <RoleBadge role={member.role} />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(member.since.slice(0, 10), locale)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{member.lastLoginAt ? formatSettlementTime(member.lastLoginAt, locale) : t('staff.members.never')}</Text>
      </Table.Td>
      {mayChange && (
        <Table.Td>
          <Button size="xs" variant="subtle" color="red" aria-label={t('staff.members.removeOf', { name })} onClick={() => onRemove(member)} data-testid="staff-member-remove">
            {t('staff.members.remove')}
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * The staff of one studio group: members with their role, open invitations, the invite form and
 * removal with a confirmation. The admin's Team page shows it for the current group; the operator
 * console shows it on a group's page. An accountant sees the lists only.
 */
export function StaffPanel({ studioGroupUuid }: { studioGroupUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const staff = useStaff(studioGroupUuid);
  const mayChange = useMayChangeStaff(studioGroupUuid);
  const withdraw = useWithdrawStaffInvitation(studioGroupUuid);
  const remove = useRemoveStaffMember(studioGroupUuid);
  const [removing, setRemoving] = useState<TStaffMember | null>(null);
  const removingName = removing ? `${removing.firstname} ${removing.lastname}`.trim() || removing.email : '';

  if (staff.isError) {
    return (
      <Alert color="red" icon={<IconAlert />} title={t('staff.loadError')}>
        {errorMessage(staff.error)}
      </Alert>
    );
  }
  if (staff.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const { members, invitations } = staff.data;

  return (
    <Stack gap="lg" data-testid="staff-panel">
      {!mayChange && (
        <Alert color="gray" icon={<IconInfo />} data-testid="staff-read-only">
          {t('staff.readOnly')}
        </Alert>
      )}
      <Card p={0}>
        <Title order={2} fz="lg" p="md">
          {t('staff.members.title')}
        </Title>
        {members.length === 0 ? (
          <Text c="dimmed" px="md" pb="md">
            {t('staff.members.empty')}
          </Text>
        ) : (
          <ScrollTable minWidth={640} label={t('staff.members.title')}>
            <Table data-testid="staff-members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.members.name')}</Table.Th>
                  <Table.Th>{t('staff.members.role')}</Table.Th>
                  <Table.Th>{t('staff.members.since')}</Table.Th>
                  <Table.Th>{t('staff.members.lastLogin')}</Table.Th>
                  {mayChange && (
                    <Table.Th>
                      <VisuallyHidden>{t('staff.members.remove')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((member) => (
                  <MemberRow key={member.userUuid} studioGroupUuid={studioGroupUuid} member={member} mayChange={mayChange} onRemove={setRemoving} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Card>

      <Card p={0}>
        <Title order={2} fz="lg" p="md">
          {t('staff.invitations.title')}
        </Title>
        {invitations.length === 0 ? (
          <Text c="dimmed" px="md" pb="md" data-testid="staff-invitations-empty">
            {t('staff.invitations.empty')}
          </Text>
        ) : (
          <ScrollTable minWidth={640} label={t('staff.invitations.title')}>
            <Table data-testid="staff-invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.invitations.email')}</Table.Th>
                  <Table.Th>{t('staff.invitations.role')}</Table.Th>
                  <Table.Th>{t('staff.invitations.sent')}</Table.Th>
                  <Table.Th>{t('staff.invitations.expires')}</Table.Th>
                  {mayChange && (
                    <Table.Th>
                      <VisuallyHidden>{t('staff.invitations.withdraw')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.map((invitation) => (
                  <Table.Tr key={invitation.invitationUuid} data-testid="staff-invitation" data-email={invitation.email}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {invitation.email}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {invitation.firstname} {invitation.lastname}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge role={invitation.role} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatSettlementTime(invitation.sentAt, locale)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {formatDate(invitation.expiresAt.slice(0, 10), locale)}{' '}
                        {invitation.expired && (
                          <Badge color="red" variant="light" size="sm">
                            {t('staff.invitations.expired')}
                          </Badge>
                        )}
                      </Text>
                    </Table.Td>
                    {mayChange && (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('staff.invitations.withdrawOf', { email: invitation.email })}
                          loading={withdraw.isPending && withdraw.variables === invitation.invitationUuid}
                          onClick={() => withdraw.mutate(invitation.invitationUuid, { onSuccess: (answer) => ok(answer.message), onError: failed })}
                          data-testid="staff-invitation-withdraw"
                        >
                          {t('staff.invitations.withdraw')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Card>

      {mayChange && <InviteForm studioGroupUuid={studioGroupUuid} />}

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('staff.remove.title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('staff.remove.text', { name: removingName })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('staff.remove.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="staff-remove-confirm"
              onClick={() =>
                removing &&
                remove.mutate(removing.userUuid, {
                  onSuccess: (answer) => ok(answer.message),
                  onError: failed,
                  onSettled: () => setRemoving(null),
                })
              }
            >
              {t('staff.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
