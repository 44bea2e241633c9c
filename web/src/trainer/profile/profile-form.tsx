import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodError, ZodType } from 'zod';
import type { TTrainerAccount, TTrainerAccountPatchValues } from '../../../../contracts/trainer-account.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { fieldErrorOfServer, focusFirstError, useFormState } from '../../shared/form-state';
import { useUpdateTrainerAccount } from '../shared/api';
import { CurrentPasswordField, useCurrentPassword } from '../shared/CurrentPasswordField';

// The save skeleton every profile tab shares: validate with the contract's own schema before
// sending (same messages as the API), PATCH, then the success or error alert the spec names. The
// messages' catalogue (shared/forms.ts) loads with the first refusal, not with the page; the
// personal tab's schema (zod) with the first save, as the portal's first screen loads no zod
// (docs/decisions/0145).

type TabSchema = ZodType<Partial<TTrainerAccountPatchValues>>;

export type Outcome = { ok: true; message: string } | { ok: false; title: string; message?: string };

/** The alert shown after a save: the server's success message, or the tab's error title and why. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert
      color={outcome.ok ? 'green' : 'red'}
      icon={outcome.ok ? <IconCheck /> : <IconAlert />}
      title={outcome.ok ? outcome.message : outcome.title}
      role={outcome.ok ? 'status' : 'alert'}
      data-testid={outcome.ok ? 'save-success' : 'save-error'}
    >
      {outcome.ok ? null : outcome.message}
    </Alert>
  );
}

/**
 * One tab's form over the trainer account: its values (filled once from the account), submit
 * (validate with `schema`, or the schema it loads, PATCH, refill from the saved account, then `onSaved`) and the alert.
 * `asksCurrentPassword`: whether the values as typed change what needs the current password (a new
 * e-mail address, a different IBAN); the form then shows the field and sends it.
 */
export function useProfileForm<Values extends Record<string, unknown>>({
  account,
  valuesOf,
  schema,
  errorTitle,
  onSaved,
  asksCurrentPassword,
}: {
  account: TTrainerAccount;
  valuesOf: (account: TTrainerAccount) => Values;
  schema: TabSchema | (() => Promise<TabSchema>);
  errorTitle: string;
  onSaved?: (account: TTrainerAccount) => void;
  asksCurrentPassword?: (values: Values, account: TTrainerAccount) => boolean;
}) {
  const { t } = useTranslation();
  const form = useFormState<Values>(() => valuesOf(account));
  const update = useUpdateTrainerAccount();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const currentPassword = useCurrentPassword();
  const needsPassword = asksCurrentPassword?.(form.values, account) ?? false;

  const refuse = async (error: ZodError) => {
    const { fieldErrorsOf } = await import('../../shared/forms');
    const errors = fieldErrorsOf(error);
    form.setErrors(errors);
    const missing = error.issues.some((issue) => issue.message === 'validation.required' || (issue.code === 'invalid_type' && issue.input == null));
    // Spec 5: the required-fields message, and nothing is sent.
    setOutcome({ ok: false, title: errorTitle, message: missing ? t('trainerAccount.requiredFields') : t('trainerAccount.checkFields') });
    focusFirstError(errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typeof schema !== 'function') return submit(schema);
    // The schema's chunk did not load (the network is gone): the tab's error title and why.
    schema().then(submit, () => setOutcome({ ok: false, title: errorTitle, message: t('errors.network') }));
  };

  const submit = (tabSchema: TabSchema) => {
    const parsed = tabSchema.safeParse(form.values);
    if (!parsed.success) {
      // The catalogue's chunk did not load (the network is gone): the tab's error title and why.
      refuse(parsed.error).catch(() => setOutcome({ ok: false, title: errorTitle, message: t('errors.network') }));
      return;
    }
    form.setErrors({});
    setOutcome(null);
    if (needsPassword && !currentPassword.check()) {
      setOutcome({ ok: false, title: errorTitle, message: t('trainerAccount.currentPassword.required') });
      focusFirstError({ currentPassword: 'required' });
      return;
    }
    update.mutate(needsPassword ? { ...parsed.data, currentPassword: currentPassword.value } : parsed.data, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, message: answer.message });
        form.setValues(valuesOf(answer.account));
        currentPassword.clear();
        onSaved?.(answer.account);
      },
      onError: (error) => {
        const { currentPassword: passwordError, ...errors } = fieldErrorOfServer(error);
        form.setErrors(errors);
        currentPassword.setError(passwordError);
        setOutcome({ ok: false, title: errorTitle, message: errorMessage(error) });
        focusFirstError(passwordError ? { currentPassword: passwordError, ...errors } : errors);
      },
    });
  };

  return {
    form,
    onSubmit,
    alert: <OutcomeAlert outcome={outcome} />,
    saving: update.isPending,
    /** The current-password field, while the values need it. */
    currentPasswordField: needsPassword ? <CurrentPasswordField currentPassword={currentPassword} /> : null,
  };
}

/** A tab's form frame: its text, the save alert, the fields, and the save button. */
export function ProfileTabForm({
  label,
  testId,
  text,
  save,
  children,
}: {
  label: string;
  testId: string;
  text: string;
  save: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; alert: ReactNode; saving: boolean; currentPasswordField?: ReactNode };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={save.onSubmit} noValidate aria-label={label} data-testid={testId}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {save.alert}
        {children}
        {save.currentPasswordField}
        <Group justify="space-between" align="center">
          <Box />
          <Button type="submit" loading={save.saving} data-testid="profile-save">
            {t('trainerAccount.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
