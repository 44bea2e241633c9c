import { Alert, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TStaffInvitationLinkInfo } from '../../../../contracts/staff.contract';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/trainer-account.contract';
import { errorMessage } from '../../shared/api/client';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { IconAlert } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { PublicCard } from '../../site/account-links/PublicCard';
import { useAcceptStaffInvitation, useStaffInvitationLink } from './api';

type Errors = Partial<Record<'firstname' | 'lastname' | 'password' | 'repeat', string>>;

/**
 * /:locale/staff-invitation/:token: the e-mailed staff invitation, without log-in. A new person sets
 * their name and password; a person who already has a staff account (of another group) enters its
 * password. Either way they are logged in and land in the back office of the group.
 */
export function StaffInvitationLinkPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const link = useStaffInvitationLink(token);
  usePageTitle(link.data ? t('staff.link.title', { studioGroup: link.data.studioGroupName }) : t('staff.title'));

  if (link.isPending) return <DelayedLoader />;
  if (link.isError || link.data.state !== 'valid') {
    const message = link.isError ? errorMessage(link.error) : link.data.state === 'expired' ? t('staff.link.expired') : t('staff.link.used');
    return (
      <PublicCard testId="staff-invitation-closed">
        <Title order={1} size="h2">
          {link.data ? t('staff.link.title', { studioGroup: link.data.studioGroupName }) : t('staff.title')}
        </Title>
        <Alert color={link.isError ? 'red' : 'yellow'} icon={<IconAlert />} role="alert" data-testid="staff-invitation-state">
          {message}
        </Alert>
        <Button variant="light" onClick={() => void navigate(`/${locale}/login`)}>
          {t('staff.link.toLogin')}
        </Button>
      </PublicCard>
    );
  }
  return <AcceptForm token={token} info={link.data} />;
}

function AcceptForm({ token, info }: { token: string; info: TStaffInvitationLinkInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptStaffInvitation(token);
  const [values, setValues] = useState({ firstname: info.firstname, lastname: info.lastname, password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors>({});
  const role = t(`staff.roles.${info.role}`);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!values.firstname.trim()) found.firstname = t('staff.invite.required');
    if (!values.lastname.trim()) found.lastname = t('staff.invite.required');
    if (values.password.length < PASSWORD_MIN_LENGTH) found.password = t('staff.link.passwordTooShort');
    else if (!info.hasAccount && values.password !== values.repeat) found.repeat = t('staff.link.passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    accept.mutate(
      { firstname: values.firstname.trim(), lastname: values.lastname.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
          // An accountant starts where their reading starts: the settlements.
          void navigate(`/${answer.locale}/admin/${info.role === 'accountant' ? 'settlements' : 'import'}`, { replace: true });
        },
      },
    );
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name],
    'data-testid': `staff-invitation-${name}`,
  });

  return (
    <PublicCard testId="staff-invitation">
      <Title order={1} size="h2">
        {t('staff.link.title', { studioGroup: info.studioGroupName })}
      </Title>
      <Text>{info.hasAccount ? t('staff.link.introAccount', { role, email: info.email, studioGroup: info.studioGroupName }) : t('staff.link.intro', { role, email: info.email })}</Text>
      {accept.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="staff-invitation-error">
          {errorMessage(accept.error)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {!info.hasAccount && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('staff.link.firstname')} required autoComplete="given-name" {...field('firstname')} />
              <TextInput label={t('staff.link.lastname')} required autoComplete="family-name" {...field('lastname')} />
            </SimpleGrid>
          )}
          <PasswordInput label={info.hasAccount ? t('staff.link.currentPassword') : t('staff.link.password')} required autoComplete={info.hasAccount ? 'current-password' : 'new-password'} {...field('password')} />
          {!info.hasAccount && <PasswordInput label={t('staff.link.repeat')} required autoComplete="new-password" {...field('repeat')} />}
          <Button type="submit" loading={accept.isPending} data-testid="staff-invitation-submit">
            {info.hasAccount ? t('staff.link.submitAccount') : t('staff.link.submit')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
