import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { useTranslation } from 'react-i18next';
import { ZTrainerEInvoiceData, ZTrainerTaxData, type TTrainerAccount } from '../../../../contracts/trainer-account.contract';
import type { EInvoiceFormat } from '../../../../domain/e-invoice/format';
import { EInvoiceFormatField } from './EInvoiceFormatField';
import { textField } from '../../shared/form-state';
import { ProfileTabForm, useProfileForm } from './profile-form';

type TaxValues = { istaxrelevant: boolean; trainerTaxno: string; trainerUstidno: string; eInvoiceFormat: EInvoiceFormat };

const taxOf = (account: TTrainerAccount): TaxValues => ({
  istaxrelevant: account.istaxrelevant,
  trainerTaxno: account.trainerTaxno,
  trainerUstidno: account.trainerUstidno,
  eInvoiceFormat: account.eInvoiceFormat,
});

export function TaxTab({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  const save = useProfileForm({ account, valuesOf: taxOf, schema: ZTrainerTaxData.extend(ZTrainerEInvoiceData.shape), errorTitle: t('trainerAccount.taxSaveError') });
  const { form } = save;

  return (
    <ProfileTabForm label={t('trainerAccount.tabs.tax')} testId="tax-form" text={t('trainerAccount.texts.tax')} save={save}>
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
      <EInvoiceFormatField form={form} />
    </ProfileTabForm>
  );
}
