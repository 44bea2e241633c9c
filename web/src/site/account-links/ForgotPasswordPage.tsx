import { Alert, Anchor, Button, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/trainer-account.contract';
import { errorMessage } from '../../shared/api/client';
import { useForgotPassword, useResetPassword } from '../../shared/account-links/api';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { PublicCard } from './PublicCard';

/** /:locale/forgot-password: asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  usePageTitle(t('accountLinks.password.forgotTitle'));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate(email.trim());
  };
  return (
    <PublicCard testId="forgot-password">
      <Title order={1} size="h2">{t('accountLinks.password.forgotTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('accountLinks.password.forgotText')}
      </Text>
      {forgot.isSuccess ? (
        <Alert color="green" icon={<IconCheck />} data-testid="forgot-sent">
          {forgot.data.message}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <TextInput
            label={t('accountLinks.password.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={forgot.isError ? errorMessage(forgot.error) : undefined}
            data-testid="forgot-email"
            mb="md"
          />
          <Button type="submit" loading={forgot.isPending} data-testid="forgot-submit">
            {t('accountLinks.password.send')}
          </Button>
        </form>
      )}
      <Anchor component={Link} to={`/${locale}/login`} size="sm">
        {t('accountLinks.password.backToLogin')}
      </Anchor>
    </PublicCard>
  );
}

/** /:locale/reset-password/:token: the new password from the e-mailed, single-use link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();
  usePageTitle(t('accountLinks.password.resetTitle'));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(t('accountLinks.invitation.passwordTooShort'));
    if (password !== repeat) return setError(t('accountLinks.invitation.passwordsDiffer'));
    setError(undefined);
    reset.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, autoClose: 4000 });
          void navigate(`/${locale}/login`, { replace: true });
        },
      },
    );
  };
  return (
    <PublicCard testId="reset-password">
      <Title order={1} size="h2">{t('accountLinks.password.resetTitle')}</Title>
      {reset.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="reset-error">
          {errorMessage(reset.error)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <PasswordInput label={t('accountLinks.password.newPassword')} autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} error={error} data-testid="reset-password-input" mb="sm" />
        <PasswordInput label={t('accountLinks.password.repeat')} autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.currentTarget.value)} data-testid="reset-repeat" mb="md" />
        <Button type="submit" loading={reset.isPending} data-testid="reset-submit">
          {t('accountLinks.password.save')}
        </Button>
      </form>
      <Anchor component={Link} to={`/${locale}/forgot-password`} size="sm">
        {t('accountLinks.password.forgot')}
      </Anchor>
    </PublicCard>
  );
}
