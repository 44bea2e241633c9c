import { PasswordInput } from '@mantine/core';
import { electronicFormatIBAN } from 'ibantools';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerAccount } from '../../../../contracts/trainer-account.contract';

// The current password a change of the e-mail address, the password or the IBAN and the account's
// deletion ask for (the API refuses them without it: api/auth/current-password.ts). Never kept
// beyond the form: cleared after a save.

/**
 * Whether values typed in a form change what asks for the current password: a new e-mail address
 * (the log-in address once confirmed) or a different IBAN (where the payouts go). The API decides
 * the same way (needsCurrentPassword in api/routes/trainer-account).
 */
export function asksCurrentPassword(values: { email?: string; trainerIban?: string }, account: TTrainerAccount): boolean {
  if (values.email !== undefined && values.email.trim().toLowerCase() !== account.email.toLowerCase()) return true;
  return values.trainerIban !== undefined && (electronicFormatIBAN(values.trainerIban) ?? '') !== account.trainerIban;
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
