import { Alert, Anchor, Box, Button, Card, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Input } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { friendlyFormatIBAN } from 'ibantools';
import {
  ACCOUNTING_FILES,
  DEFAULT_VAT_RATE_BASIS_POINTS,
  STUDIO_GROUP_SOURCE_SYSTEMS,
  ZStudioGroupSettingsRequest,
  type TStudioGroupSettings,
} from '../../../../contracts/studio-group-settings.contract';
import { errorMessage } from '../../shared/api/client';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import type { AppLocale } from '../../shared/i18n/locales';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { formatPercentForInput, parseHundredths } from './amounts';
import { AmountInput } from './AmountInput';
import { CountrySelect } from './CountrySelect';
import { DatevSettingsSection } from './DatevSettingsSection';
import { LogoSettingsCard } from '../account-links/LogoSettingsCard';
import { FormSection, MONOSPACE_INPUT } from './FormSection';
import { fieldErrorOfServer, fieldErrorsOf, focusFirstError, textField, translateMessage, useFormState, type FieldErrors } from '../../shared/forms';
import { useStudioGroupSettings, useUpdateStudioGroupSettings } from './api';
import { useAmountError } from './use-amount-error';
import { DocumentCategoriesSettings } from '../document-manager/DocumentCategoriesSettings';

type SettingsForm = {
  companyName: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  taxNumber: string;
  vatId: string;
  iban: string;
  bic: string;
  accountingEmail: string;
  accountingFiles: string[];
  vatRate: string;
  creditNotePrefix: string;
  sourceSystem: string;
};

const formOf = (settings: TStudioGroupSettings, locale: AppLocale): SettingsForm => ({
  companyName: settings.companyName,
  street: settings.street,
  houseNumber: settings.houseNumber,
  postalCode: settings.postalCode,
  city: settings.city,
  country: settings.country,
  taxNumber: settings.taxNumber ?? '',
  vatId: settings.vatId ?? '',
  // Shown in groups of four, as on a bank card; saved without spaces.
  iban: friendlyFormatIBAN(settings.iban ?? undefined) ?? settings.iban ?? '',
  bic: settings.bic ?? '',
  accountingEmail: settings.accountingEmail ?? '',
  accountingFiles: [...settings.accountingFiles],
  vatRate: formatPercentForInput(settings.vatRateBasisPoints, locale),
  creditNotePrefix: settings.creditNotePrefix,
  sourceSystem: settings.sourceSystem,
});

/** /:locale/admin/settings: the studio group's company, tax, payout account, accounting and credit-note settings. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { current } = useCurrentStudioGroup();
  const settings = useStudioGroupSettings(current!.uuid);

  if (settings.isPending) return <DelayedLoader />;
  if (!settings.data) {
    return (
      <>
        <PageHeader title={t('masterData.settings.title')} />
        <Alert color="red" icon={<IconAlert />}>
          {errorMessage(settings.error)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <SettingsForm key={settings.data.uuid} settings={settings.data} studioGroupUuid={current!.uuid} />
      <DocumentCategoriesSettings studioGroupUuid={current!.uuid} />
    </>
  );
}

function SettingsForm({ settings, studioGroupUuid }: { settings: TStudioGroupSettings; studioGroupUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdateStudioGroupSettings(studioGroupUuid);
  const form = useFormState<SettingsForm>(() => formOf(settings, locale));
  const [problem, setProblem] = useState<string | null>(null);
  const amountError = useAmountError();
  const field = (name: keyof SettingsForm & string) => textField(form, name);
  const prefixExample = `${form.values.creditNotePrefix || 'GS'}-${new Date().getFullYear()}-00042`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    const vatRate = parseHundredths(form.values.vatRate, locale);
    if (!vatRate.ok) errors.vatRateBasisPoints = amountError(vatRate.reason, 'percent');
    else if (vatRate.value === null) errors.vatRateBasisPoints = translateMessage('validation.required');
    const { vatRate: _typed, ...rest } = form.values;
    const parsed = ZStudioGroupSettingsRequest.safeParse({
      ...rest,
      vatRateBasisPoints: vatRate.ok ? (vatRate.value ?? DEFAULT_VAT_RATE_BASIS_POINTS) : DEFAULT_VAT_RATE_BASIS_POINTS,
    });
    if (!parsed.success) Object.assign(errors, { ...fieldErrorsOf(parsed.error), ...errors });
    if (Object.keys(errors).length > 0 || !parsed.success) {
      form.setErrors(errors);
      setProblem(t('masterData.common.fixErrors'));
      focusFirstError(errors);
      return;
    }
    form.setErrors({});
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: (answer) => {
        form.setValues(formOf(answer.settings, locale));
        notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
      },
      onError: (error) => {
        const errors = fieldErrorOfServer(error);
        form.setErrors(errors);
        setProblem(errorMessage(error));
        focusFirstError(errors);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('masterData.settings.title')}>
      <PageHeader title={t('masterData.settings.title')} description={t('masterData.settings.description', { name: settings.name })} />
      <Stack gap="lg">
        {problem && (
          <Alert color="red" icon={<IconAlert />} title={t('masterData.common.notSaved')} role="alert" data-testid="form-error">
            {problem}
          </Alert>
        )}

        <LogoSettingsCard studioGroupUuid={studioGroupUuid} name={settings.name} />
        <FormSection title={t('masterData.settings.sections.company')} description={t('masterData.settings.sections.companyText')}>
          <TextInput label={t('masterData.fields.companyName')} required {...field('companyName')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Box style={{ gridColumn: 'span 2' }}>
              <TextInput label={t('masterData.fields.street')} required {...field('street')} />
            </Box>
            <TextInput label={t('masterData.fields.houseNumber')} required {...field('houseNumber')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('masterData.fields.postalCode')} required maxLength={5} inputMode="numeric" {...field('postalCode')} />
            <Box style={{ gridColumn: 'span 2' }}>
              <TextInput label={t('masterData.fields.city')} required {...field('city')} />
            </Box>
          </SimpleGrid>
          <CountrySelect
            label={t('masterData.fields.country')}
            required
            value={form.values.country}
            onChange={(code) => form.setField('country', code)}
            error={form.errors.country}
            data-testid="field-country"
          />
        </FormSection>

        <FormSection title={t('masterData.settings.sections.tax')} description={t('masterData.settings.sections.taxText')}>
          <TextInput label={t('masterData.fields.taxNumber')} {...field('taxNumber')} />
          <TextInput label={t('masterData.fields.vatId')} description={t('masterData.settings.vatIdHint')} {...field('vatId')} />
        </FormSection>

        <FormSection title={t('masterData.settings.sections.bank')} description={t('masterData.settings.sections.bankText')}>
          <TextInput label={t('masterData.fields.iban')} required autoComplete="off" styles={MONOSPACE_INPUT} {...field('iban')} />
          <TextInput label={t('masterData.fields.bic')} description={t('masterData.common.optional')} autoComplete="off" styles={MONOSPACE_INPUT} {...field('bic')} />
        </FormSection>

        <FormSection title={t('masterData.settings.sections.accounting')} description={t('masterData.settings.sections.accountingText')}>
          <TextInput label={t('masterData.settings.accountingEmail')} type="email" required {...field('accountingEmail')} />
          <Checkbox.Group
            label={t('masterData.settings.accountingFiles')}
            value={form.values.accountingFiles}
            onChange={(files) => form.setField('accountingFiles', files)}
            error={form.errors.accountingFiles ?? Object.entries(form.errors).find(([key]) => key.startsWith('accountingFiles.'))?.[1]}
            data-testid="field-accountingFiles"
          >
            <Stack gap="xs" mt="xs">
              {ACCOUNTING_FILES.map((file) => (
                <Checkbox key={file} value={file} label={t(`masterData.settings.files.${file}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        </FormSection>

        <DatevSettingsSection settings={settings} studioGroupUuid={studioGroupUuid} />

        <FormSection title={t('masterData.settings.sections.creditNotes')} description={t('masterData.settings.sections.creditNotesText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AmountInput
              unit="percent"
              name="vatRateBasisPoints"
              label={t('masterData.settings.vatRate')}
              description={
                <>
                  {t('masterData.settings.vatRateHint')}{' '}
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    onClick={() => form.setField('vatRate', formatPercentForInput(DEFAULT_VAT_RATE_BASIS_POINTS, locale))}
                  >
                    {t('masterData.settings.useDefaultVatRate')}
                  </Anchor>
                </>
              }
              value={form.values.vatRate}
              onChange={(text) => form.setField('vatRate', text)}
              error={form.errors.vatRateBasisPoints}
              data-testid="field-vatRate"
            />
            <TextInput
              label={t('masterData.settings.creditNotePrefix')}
              description={t('masterData.settings.creditNotePrefixHint', { example: prefixExample })}
              maxLength={10}
              {...field('creditNotePrefix')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('masterData.settings.sections.import')} description={t('masterData.settings.sections.importText')}>
          <Input.Wrapper label={t('masterData.settings.sourceSystem')} error={form.errors.sourceSystem}>
            <SegmentedControl
              mt={4}
              display="flex"
              w="fit-content"
              data-testid="field-sourceSystem"
              value={form.values.sourceSystem}
              onChange={(value) => form.setField('sourceSystem', value)}
              data={STUDIO_GROUP_SOURCE_SYSTEMS.map((system) => ({ value: system, label: t(`masterData.settings.sourceSystems.${system}`) }))}
            />
          </Input.Wrapper>
          <Text size="xs" c="dimmed">
            {t('masterData.settings.sourceSystemHint')}
          </Text>
        </FormSection>

        <Card pos="sticky" bottom={0} style={{ zIndex: 5 }} withBorder shadow="sm">
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="settings-save">
              {t('masterData.settings.save')}
            </Button>
          </Group>
        </Card>
      </Stack>
    </form>
  );
}
