import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerAccount } from '../../../../contracts/trainer-account.contract';

// The current password a change of the e-mail address, the password or the IBAN and the account's
// deletion ask for (the API refuses them without it: api/auth/current-password.ts). Never kept
// beyond the form: cleared after a save.

/**
 * Whether a new e-mail address (the log-in address once confirmed) was typed: a change that asks for
 * the current password. The personal tab (the portal's first screen) asks only this, so the IBAN
 * library loads with the bank forms (asks-current-password.ts), not with the first screen.
 */
export function emailAsksCurrentPassword(values: { email?: string }, account: TTrainerAccount): boolean {
  return values.email !== undefined && values.email.trim().toLowerCase() !== account.email.toLowerCase();
}

/** The field's value and error, and what a form does with it. */
export function useCurrentPassword() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    value,
    error,
    setError,
    clear: () => {
      setValue('');
      setError(undefined);
    },
    /** False (and the field says why) when it is empty; the form then sends nothing. */
    check: () => {
      if (value !== '') return true;
      setError(t('trainerAccount.currentPassword.required'));
      return false;
    },
    onChange: (next: string) => {
      setValue(next);
      setError(undefined);
    },
  };
}

export type CurrentPassword = ReturnType<typeof useCurrentPassword>;

export function CurrentPasswordField({ currentPassword }: { currentPassword: CurrentPassword }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('trainerAccount.currentPassword.label')}
      description={t('trainerAccount.currentPassword.hint')}
      autoComplete="current-password"
      required
      maw={420}
      value={currentPassword.value}
      onChange={(event) => currentPassword.onChange(event.currentTarget.value)}
      error={currentPassword.error}
      name="currentPassword"
      data-testid="field-currentPassword"
    />
  );
}
