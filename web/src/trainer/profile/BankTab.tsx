import { TextInput } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { friendlyFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { ZTrainerBankData, type TTrainerAccount } from '../../../../contracts/trainer-account.contract';
import { textField } from '../../shared/form-state';
import { MONOSPACE_INPUT, requiredField } from '../shared/account-fields';
import { asksCurrentPassword } from '../shared/asks-current-password';
import { ProfileTabForm, useProfileForm } from './profile-form';

type BankValues = { trainerIban: string; trainerBic: string };

// Shown in groups of four, as on a bank card; the API stores the electronic format.
const bankOf = (account: TTrainerAccount): BankValues => ({
  trainerIban: friendlyFormatIBAN(account.trainerIban || undefined) ?? account.trainerIban,
  trainerBic: account.trainerBic,
});

export function BankTab({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  // Spec 8: the bank failure reuses the personal-data error message.
  const save = useProfileForm({
    account,
    valuesOf: bankOf,
    schema: ZTrainerBankData,
    errorTitle: t('trainerAccount.personalSaveError'),
    asksCurrentPassword,
  });
  const { form } = save;

  return (
    <ProfileTabForm label={t('trainerAccount.tabs.bank')} testId="bank-form" text={t('trainerAccount.texts.bank')} save={save}>
      <TextInput label={t('trainerAccount.fields.iban')} autoComplete="off" styles={MONOSPACE_INPUT} {...requiredField(form, 'trainerIban')} />
      <TextInput label={t('trainerAccount.fields.bic')} description={t('trainerAccount.hints.bic')} autoComplete="off" styles={MONOSPACE_INPUT} maw={320} {...textField(form, 'trainerBic')} />
    </ProfileTabForm>
  );
}
