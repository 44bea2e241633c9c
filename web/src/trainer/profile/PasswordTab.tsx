import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useUpdateTrainerAccount } from '../shared/api';
import { CurrentPasswordField, useCurrentPassword } from '../shared/CurrentPasswordField';
import { OutcomeAlert, type Outcome } from './profile-form';

const PASSWORD_PREFIX = 'plainPassword: ';

/**
 * Password tab (spec 5, 8): the current password, the new one not empty and typed twice; 'Password
 * updated', or the server's reason without its field prefix.
 */
export function PasswordTab() {
  const { t } = useTranslation();
  const update = useUpdateTrainerAccount();
  const [values, setValues] = useState({ plainPassword: '', repeat: '' });
  const [errors, setErrors] = useState<{ plainPassword?: string; repeat?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const currentPassword = useCurrentPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    if (!currentPassword.check()) return setErrors({});
    if (values.plainPassword === '') return setErrors({ plainPassword: t('trainerPortal.password.empty') });
    if (values.plainPassword !== values.repeat) return setErrors({ repeat: t('trainerPortal.password.mismatch') });
    setErrors({});
    update.mutate(
      { plainPassword: values.plainPassword, currentPassword: currentPassword.value },
      {
        onSuccess: (answer) => {
          setValues({ plainPassword: '', repeat: '' });
          currentPassword.clear();
          setOutcome({ ok: true, message: answer.message });
        },
        onError: (error) => {
          // The current password missing or wrong (403), or too many wrong ones (429): the server's words.
          if (error instanceof ApiError && (error.field === 'currentPassword' || error.status === 429)) {
            currentPassword.setError(error.message);
            return setOutcome({ ok: false, title: t('trainerPortal.password.saveError'), message: error.message });
          }
          const detail = error instanceof ApiError && error.status === 400 ? error.message.replace(PASSWORD_PREFIX, '') : null;
          if (detail) setErrors({ plainPassword: detail });
          setOutcome({ ok: false, title: t('trainerPortal.password.saveError'), message: detail ?? undefined });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('trainerPortal.tabs.password')} data-testid="password-form">
      <Stack gap="md" maw={420}>
        <Text c="dimmed" size="sm">
          {t('trainerPortal.password.text')}
        </Text>
        <OutcomeAlert outcome={outcome} />
        <CurrentPasswordField currentPassword={currentPassword} />
        <PasswordInput
          label={t('trainerPortal.password.newPassword')}
          description={t('trainerPortal.password.hint')}
          autoComplete="new-password"
          required
          value={values.plainPassword}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, plainPassword: value }));
          }}
          error={errors.plainPassword}
          name="plainPassword"
          data-testid="field-plainPassword"
        />
        <PasswordInput
          label={t('trainerPortal.password.repeat')}
          autoComplete="new-password"
          required
          value={values.repeat}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, repeat: value }));
          }}
          error={errors.repeat}
          name="repeatPassword"
          data-testid="field-repeatPassword"
        />
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="password-save">
            {t('trainerPortal.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

