import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TInvitationLinkInfo } from '../../../../contracts/account-links.contract';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/trainer-account.contract';
import { errorMessage } from '../../shared/api/client';
import { useDeclineInvitationLink, useInvitationLink, useSignUpFromInvitation } from '../../shared/account-links/api';
import { GroupLogo } from '../../shared/account-links/GroupLogo';
import { IconAlert } from '../../shared/components/icons';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { PublicCard } from './PublicCard';

type Errors = Partial<Record<'firstname' | 'lastname' | 'password' | 'repeat', string>>;

/**
 * /:locale/invitation/:token: the invitation screen from the e-mail (trainer spec 2 "Invitation
 * screen": company name, logo, headline, text, Accept, Decline), without log-in. A person without an
 * account sets a password and is signed up and connected; one with an account logs in and accepts in
 * the portal. Both answers end on the profile.
 */
export function InvitationLinkPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const invitation = useInvitationLink(token);
  usePageTitle(invitation.data ? t('accountLinks.invitation.headline', { company: invitation.data.studioGroupCompanyName }) : t('accountLinks.invitation.navTitle'));

  if (invitation.isPending) return <DelayedLoader />;
  if (invitation.isError) {
    return (
      <PublicCard testId="invitation-invalid">
        <Title order={1} size="h2">{t('accountLinks.invitation.invalidTitle')}</Title>
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="invitation-error">
          {errorMessage(invitation.error)}
        </Alert>
        <Button variant="light" onClick={() => void navigate(`/${locale}/login`)}>
          {t('accountLinks.invitation.toLogin')}
        </Button>
      </PublicCard>
    );
  }
  return <InvitationScreen token={token} info={invitation.data} />;
}

function InvitationScreen({ token, info }: { token: string; info: TInvitationLinkInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const signUp = useSignUpFromInvitation();
  const decline = useDeclineInvitationLink();
  // Pre-filled from the trainer record; nothing typed is lost on a refusal.
  const [values, setValues] = useState({ firstname: info.firstname, lastname: info.lastname, password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors>({});
  const company = info.studioGroupCompanyName;
  const profilePath = `/${locale}/trainer/profile`;

  const onSignUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!values.firstname.trim()) found.firstname = t('accountLinks.invitation.required');
    if (!values.lastname.trim()) found.lastname = t('accountLinks.invitation.required');
    if (values.password.length < PASSWORD_MIN_LENGTH) found.password = t('accountLinks.invitation.passwordTooShort');
    else if (values.password !== values.repeat) found.repeat = t('accountLinks.invitation.passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signUp.mutate(
      { token, firstname: values.firstname.trim(), lastname: values.lastname.trim(), password: values.password, language: locale === 'en' ? 'en' : 'de' },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
          void navigate(profilePath, { replace: true });
        },
      },
    );
  };
  const onDecline = () =>
    decline.mutate(token, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
        void navigate(info.hasAccount ? profilePath : `/${locale}/login`, { replace: true });
      },
    });
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name],
    'data-testid': `invitation-${name}`,
  });
  const problem = signUp.error ?? decline.error;

  return (
    <PublicCard testId="invitation-screen">
      <GroupLogo name={company} logoPath={info.studioGroupLogoPath} size={56} />
      <Text fw={600} data-testid="invitation-company">
        {company}
      </Text>
      <Title order={1} size="h2">{t('accountLinks.invitation.headline', { company })}</Title>
      <Text>{t('accountLinks.invitation.text', { company })}</Text>
      <Text size="sm" c="dimmed">
        {t('accountLinks.invitation.forEmail', { email: info.email })}
      </Text>
      {problem && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="invitation-error">
          {errorMessage(problem)}
        </Alert>
      )}
      {info.hasAccount ? (
        <>
          <Alert color="blue">{t('accountLinks.invitation.hasAccount', { email: info.email })}</Alert>
          <Group>
            <Button
              data-testid="invitation-login"
              onClick={() => void navigate(`/${locale}/login`, { state: { from: `/${locale}/trainer/invitation/${info.studioGroupUuid}/${info.studioGroupTrainerUuid}` } })}
            >
              {t('accountLinks.invitation.logInToAccept')}
            </Button>
            <Button variant="default" onClick={onDecline} loading={decline.isPending} data-testid="invitation-decline">
              {t('accountLinks.invitation.decline')}
            </Button>
          </Group>
        </>
      ) : (
        <form onSubmit={onSignUp} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h4">{t('accountLinks.invitation.signUpTitle')}</Title>
            <Text size="sm">{t('accountLinks.invitation.signUpText', { email: info.email })}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('accountLinks.invitation.firstname')} required autoComplete="given-name" {...field('firstname')} />
              <TextInput label={t('accountLinks.invitation.lastname')} required autoComplete="family-name" {...field('lastname')} />
            </SimpleGrid>
            <PasswordInput label={t('accountLinks.invitation.password')} required autoComplete="new-password" {...field('password')} />
            <PasswordInput label={t('accountLinks.invitation.passwordRepeat')} required autoComplete="new-password" {...field('repeat')} />
            <Group mt="xs">
              <Button type="submit" loading={signUp.isPending} data-testid="invitation-accept">
                {t('accountLinks.invitation.acceptAndSignUp')}
              </Button>
              <Button variant="default" onClick={onDecline} loading={decline.isPending} data-testid="invitation-decline">
                {t('accountLinks.invitation.decline')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
