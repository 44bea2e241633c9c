import { Alert, Box, Button, Card, Center, Group, Loader, Modal, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { friendlyFormatIBAN } from 'ibantools';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ZodError } from 'zod';
import {
  ZTrainerBankData,
  ZTrainerPersonalData,
  ZTrainerTaxData,
  type TTrainerAccount,
  type TTrainerAccountPatchValues,
} from '../../../../contracts/trainer-account.contract';
import { fieldErrorOfServer, fieldErrorsOf, focusFirstError, textField, useFormState, type FieldErrors } from '../../shared/forms';
import { ApiError, errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import { clearSession } from '../../shared/session';
import { CreditNotesPreviewList } from '../components/CreditNotesPreviewList';
import { AddressFields, MONOSPACE_INPUT, requiredField } from '../components/account-fields';
import { useDeleteAccount, useDeleteAccountToken, useTrainerAccount, useUpdateTrainerAccount } from '../hooks/api/trainer-account';

// /:locale/trainer/profile (spec 2 "Profile page"): the credit-note previews above five tabs:
// personal, bank, tax, password, delete. Each tab validates with the contract's own schema before
// sending (same messages as the API) and shows a success or error alert after saving.

type Tab = 'personal' | 'bank' | 'tax' | 'password' | 'delete';

/** Spec 4: after a language change the page reloads into the new locale's profile after 1 s. */
const LANGUAGE_RELOAD_MS = 1000;

export function ProfilePage() {
  const { t } = useTranslation();
  const account = useTrainerAccount();
  const [tab, setTab] = useState<Tab>('personal');

  return (
    <>
      <PageHeader title={t('trainer.profile.title')} />
      <Box mb="lg">
        <CreditNotesPreviewList />
      </Box>
      {account.isPending ? (
        <Center py="xl">
          <Loader data-testid="profile-loading" />
        </Center>
      ) : !account.data ? (
        <Alert color="red" icon={<IconAlert />} data-testid="profile-load-error">
          {t('trainerAccount.loadError')}
        </Alert>
      ) : (
        <Card p={0} data-testid="trainer-profile">
          <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} aria-label={t('trainerAccount.tabsLabel')}>
            <Tabs.List px="md" pt="xs">
              <Tabs.Tab value="personal" data-testid="tab-personal">
                {t('trainerAccount.tabs.personal')}
              </Tabs.Tab>
              <Tabs.Tab value="bank" data-testid="tab-bank">
                {t('trainerAccount.tabs.bank')}
              </Tabs.Tab>
              <Tabs.Tab value="tax" data-testid="tab-tax">
                {t('trainerAccount.tabs.tax')}
              </Tabs.Tab>
              <Tabs.Tab value="password" data-testid="tab-password">
                {t('trainerPortal.tabs.password')}
              </Tabs.Tab>
              <Tabs.Tab value="delete" data-testid="tab-delete" color="red">
                {t('trainerPortal.tabs.delete')}
              </Tabs.Tab>
            </Tabs.List>
            {/* Keyed by the account: a form is filled once, so a refetch never overwrites what is being typed. */}
            <Tabs.Panel value="personal" p="lg">
              <PersonalForm key={account.data.uuid} account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="bank" p="lg">
              <BankForm key={account.data.uuid} account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="tax" p="lg">
              <TaxForm key={account.data.uuid} account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="password" p="lg">
              <PasswordForm />
            </Tabs.Panel>
            <Tabs.Panel value="delete" p="lg">
              <DeleteAccountTab />
            </Tabs.Panel>
          </Tabs>
        </Card>
      )}
    </>
  );
}

type Outcome = { ok: true; message: string } | { ok: false; title: string; message?: string };

/** Sends one tab's values: validate with its schema, PATCH, then the alert the spec names. */
function useTabSave<Values extends Record<string, unknown>>({
  form,
  errorTitle,
}: {
  form: { values: Values; setErrors: (errors: FieldErrors) => void };
  errorTitle: string;
}) {
  const { t } = useTranslation();
  const update = useUpdateTrainerAccount();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refuse = (error: ZodError) => {
    const errors = fieldErrorsOf(error);
    form.setErrors(errors);
    const missing = error.issues.some((issue) => issue.message === 'validation.required' || (issue.code === 'invalid_type' && issue.input == null));
    // Spec 5: the required-fields message, and nothing is sent.
    setOutcome({ ok: false, title: errorTitle, message: missing ? t('trainerAccount.requiredFields') : t('trainerAccount.checkFields') });
    focusFirstError(errors);
  };

  const send = (patch: Partial<TTrainerAccountPatchValues>, onSaved?: (account: TTrainerAccount) => void) => {
    form.setErrors({});
    setOutcome(null);
    update.mutate(patch, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, message: answer.message });
        onSaved?.(answer.account);
      },
      onError: (error) => {
        const errors = fieldErrorOfServer(error);
        form.setErrors(errors);
        setOutcome({ ok: false, title: errorTitle, message: errorMessage(error) });
        focusFirstError(errors);
      },
    });
  };

  const alert = outcome && (
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
  return { refuse, send, alert, saving: update.isPending };
}

function SaveRow({ saving, children }: { saving: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center">
      <Box>{children}</Box>
      <Button type="submit" loading={saving} data-testid="profile-save">
        {t('trainerAccount.save')}
      </Button>
    </Group>
  );
}

type PersonalValues = {
  firstname: string;
  lastname: string;
  email: string;
  trainerPhone: string;
  trainerCompanyName: string;
  trainerStreet: string;
  trainerHouse: string;
  trainerZip: string;
  trainerCity: string;
  trainerLand: string;
  language: 'de' | 'en';
};

const personalOf = (account: TTrainerAccount): PersonalValues => ({
  firstname: account.firstname,
  lastname: account.lastname,
  email: account.email,
  trainerPhone: account.trainerPhone,
  trainerCompanyName: account.trainerCompanyName,
  trainerStreet: account.trainerStreet,
  trainerHouse: account.trainerHouse,
  trainerZip: account.trainerZip,
  trainerCity: account.trainerCity,
  trainerLand: account.trainerLand,
  language: account.language,
});

function PersonalForm({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  const form = useFormState<PersonalValues>(() => personalOf(account));
  const save = useTabSave({ form, errorTitle: t('trainerAccount.personalSaveError') });
  const [reloadTo, setReloadTo] = useState<string | null>(null);
  const field = (name: keyof PersonalValues & string) => textField(form, name);
  const required = (name: keyof PersonalValues & string) => requiredField(form, name);

  useEffect(() => {
    if (!reloadTo) return;
    const timer = window.setTimeout(() => window.location.assign(reloadTo), LANGUAGE_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [reloadTo]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZTrainerPersonalData.safeParse(form.values);
    if (!parsed.success) return save.refuse(parsed.error);
    save.send(parsed.data, (saved) => {
      form.setValues(personalOf(saved));
      if (saved.language !== account.language) setReloadTo(`/${saved.language}/trainer/profile`);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('trainerAccount.tabs.personal')} data-testid="personal-form">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('trainerAccount.texts.personal')}
        </Text>
        {save.alert}
        {reloadTo && (
          <Alert color="blue" data-testid="language-reload">
            {t('trainerAccount.languageReload')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('trainerAccount.fields.firstname')} autoComplete="given-name" {...required('firstname')} />
          <TextInput label={t('trainerAccount.fields.lastname')} autoComplete="family-name" {...required('lastname')} />
          <TextInput label={t('trainerAccount.fields.email')} type="email" autoComplete="email" {...required('email')} />
          <TextInput label={t('trainerAccount.fields.phone')} type="tel" autoComplete="tel" {...field('trainerPhone')} />
        </SimpleGrid>
        <TextInput label={t('trainerAccount.fields.companyName')} description={t('trainerAccount.hints.companyName')} autoComplete="organization" {...field('trainerCompanyName')} />
        <AddressFields required={required} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('trainerAccount.fields.language')}
          </Text>
          <SegmentedControl
            value={form.values.language}
            onChange={(value) => form.setField('language', value as PersonalValues['language'])}
            data={[
              { value: 'de', label: t('language.names.de') },
              { value: 'en', label: t('language.names.en') },
            ]}
            w="fit-content"
            data-testid="field-language"
          />
          <Text size="xs" c="dimmed">
            {t('trainerAccount.hints.language')}
          </Text>
        </Stack>
        <SaveRow saving={save.saving} />
      </Stack>
    </form>
  );
}

type BankValues = { trainerIban: string; trainerBic: string };

// Shown in groups of four, as on a bank card; the API stores the electronic format.
const bankOf = (account: TTrainerAccount): BankValues => ({
  trainerIban: friendlyFormatIBAN(account.trainerIban || undefined) ?? account.trainerIban,
  trainerBic: account.trainerBic,
});

function BankForm({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  const form = useFormState<BankValues>(() => bankOf(account));
  // Spec 8: the bank failure reuses the personal-data error message.
  const save = useTabSave({ form, errorTitle: t('trainerAccount.personalSaveError') });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZTrainerBankData.safeParse(form.values);
    if (!parsed.success) return save.refuse(parsed.error);
    save.send(parsed.data, (saved) => form.setValues(bankOf(saved)));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('trainerAccount.tabs.bank')} data-testid="bank-form">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('trainerAccount.texts.bank')}
        </Text>
        {save.alert}
        <TextInput label={t('trainerAccount.fields.iban')} autoComplete="off" styles={MONOSPACE_INPUT} {...requiredField(form, 'trainerIban')} />
        <TextInput label={t('trainerAccount.fields.bic')} description={t('trainerAccount.hints.bic')} autoComplete="off" styles={MONOSPACE_INPUT} maw={320} {...textField(form, 'trainerBic')} />
        <SaveRow saving={save.saving} />
      </Stack>
    </form>
  );
}

type TaxValues = { istaxrelevant: boolean; trainerTaxno: string; trainerUstidno: string };

const taxOf = (account: TTrainerAccount): TaxValues => ({
  istaxrelevant: account.istaxrelevant,
  trainerTaxno: account.trainerTaxno,
  trainerUstidno: account.trainerUstidno,
});

function TaxForm({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  const form = useFormState<TaxValues>(() => taxOf(account));
  const save = useTabSave({ form, errorTitle: t('trainerAccount.taxSaveError') });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZTrainerTaxData.safeParse(form.values);
    if (!parsed.success) return save.refuse(parsed.error);
    save.send(parsed.data, (saved) => form.setValues(taxOf(saved)));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('trainerAccount.tabs.tax')} data-testid="tax-form">
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('trainerAccount.texts.tax')}
        </Text>
        {save.alert}
        <Switch
          label={t('trainerAccount.fields.taxRelevant')}
          description={t('trainerAccount.hints.taxRelevant')}
          checked={form.values.istaxrelevant}
          onChange={(event) => form.setField('istaxrelevant', event.currentTarget.checked)}
          name="istaxrelevant"
          data-testid="field-istaxrelevant"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('trainerAccount.fields.taxNumber')} description={t('trainerAccount.hints.taxNumber')} autoComplete="off" {...textField(form, 'trainerTaxno')} />
          <TextInput label={t('trainerAccount.fields.vatId')} description={t('trainerAccount.hints.vatId')} autoComplete="off" {...textField(form, 'trainerUstidno')} />
        </SimpleGrid>
        <SaveRow saving={save.saving} />
      </Stack>
    </form>
  );
}

const PASSWORD_PREFIX = 'plainPassword: ';

/** Password tab (spec 5, 8): not empty, typed twice; 'Password updated', or the server's reason without its field prefix. */
function PasswordForm() {
  const { t } = useTranslation();
  const update = useUpdateTrainerAccount();
  const [values, setValues] = useState({ plainPassword: '', repeat: '' });
  const [errors, setErrors] = useState<{ plainPassword?: string; repeat?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    if (values.plainPassword === '') return setErrors({ plainPassword: t('trainerPortal.password.empty') });
    if (values.plainPassword !== values.repeat) return setErrors({ repeat: t('trainerPortal.password.mismatch') });
    setErrors({});
    update.mutate(
      { plainPassword: values.plainPassword },
      {
        onSuccess: (answer) => {
          setValues({ plainPassword: '', repeat: '' });
          setOutcome({ ok: true, message: answer.message });
        },
        onError: (error) => {
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
        {outcome && (
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            icon={outcome.ok ? <IconCheck /> : <IconAlert />}
            title={outcome.ok ? outcome.message : outcome.title}
            role={outcome.ok ? 'status' : 'alert'}
            data-testid={outcome.ok ? 'save-success' : 'save-error'}
          >
            {outcome.ok ? null : outcome.message}
          </Alert>
        )}
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

/**
 * Delete tab (spec 2): the dialog fetches a delete token when it opens; confirming deletes the account
 * with it and logs out to the log-in page. The server keeps issued credit notes (legal records).
 */
function DeleteAccountTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const token = useDeleteAccountToken({ enabled: open });
  const remove = useDeleteAccount();

  const confirm = () => {
    if (!token.data) return;
    remove.mutate(token.data.csrf_token, {
      onSuccess: (answer) => {
        setOpen(false);
        notifications.show({ color: 'green', message: answer.message, withBorder: true });
        // The server revoked every session: drop this one and its cache, then to the log-in page.
        clearSession('loggedOut');
        queryClient.clear();
        void navigate(`/${locale}/login`, { replace: true });
      },
    });
  };

  return (
    <Stack gap="md" maw={640} data-testid="delete-account">
      <Text size="sm">{t('trainerPortal.deleteAccount.text')}</Text>
      <Group>
        <Button color="red" variant="light" onClick={() => setOpen(true)} data-testid="delete-account-open">
          {t('trainerPortal.deleteAccount.button')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('trainerPortal.deleteAccount.modalTitle')} centered data-testid="delete-account-modal">
        <Stack gap="md">
          <Text size="sm">{t('trainerPortal.deleteAccount.modalText')}</Text>
          {(remove.isError || token.isError) && (
            <Alert color="red" icon={<IconAlert />} data-testid="delete-account-error">
              {remove.isError ? errorMessage(remove.error) : t('trainerPortal.deleteAccount.error')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} data-testid="delete-account-cancel">
              {t('trainerPortal.deleteAccount.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending || token.isFetching} disabled={!token.data} data-testid="delete-account-confirm">
              {t('trainerPortal.deleteAccount.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
