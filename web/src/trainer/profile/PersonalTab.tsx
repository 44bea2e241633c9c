import { Alert, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerAccount } from '../../../../contracts/trainer-account.contract';
import { textField } from '../../shared/form-state';
import { AddressFields, requiredField } from '../shared/account-fields';
import { emailAsksCurrentPassword } from '../shared/CurrentPasswordField';
import { ProfileTabForm, useProfileForm } from './profile-form';

/** Spec 4: after a language change the page reloads into the new locale's profile after 1 s. */
const LANGUAGE_RELOAD_MS = 1000;

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

export function PersonalTab({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  const [reloadTo, setReloadTo] = useState<string | null>(null);
  const save = useProfileForm({
    account,
    valuesOf: personalOf,
    schema: async () => (await import('../../../../contracts/trainer-account.contract')).ZTrainerPersonalData,
    errorTitle: t('trainerAccount.personalSaveError'),
    onSaved: (saved) => {
      if (saved.language !== account.language) setReloadTo(`/${saved.language}/trainer/profile`);
    },
    asksCurrentPassword: emailAsksCurrentPassword,
  });
  const { form } = save;
  const field = (name: keyof PersonalValues & string) => textField(form, name);
  const required = (name: keyof PersonalValues & string) => requiredField(form, name);

  useEffect(() => {
    if (!reloadTo) return;
    const timer = window.setTimeout(() => window.location.assign(reloadTo), LANGUAGE_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [reloadTo]);

  return (
    <ProfileTabForm label={t('trainerAccount.tabs.personal')} testId="personal-form" text={t('trainerAccount.texts.personal')} save={save}>
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
    </ProfileTabForm>
  );
}
