import { Alert, Box, Button, Card, Checkbox, Group, Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { friendlyFormatIBAN } from 'ibantools';
import { DATEV_CHARTS, DATEV_DEFAULT_CREDITOR_RANGE, DATEV_DEFAULT_EXPENSE_ACCOUNT, type DatevChart } from '../../../../domain/accounting/datev-settings';
import { ACCOUNTING_FILES, DEFAULT_VAT_RATE_BASIS_POINTS, STUDIO_GROUP_SOURCE_SYSTEMS } from '../../../../contracts/studio-group-settings.contract';
import {
  ZCreateStudioGroupRequest,
  ZUpdateStudioGroupRequest,
  type TCreateStudioGroupValues,
  type TMandantRef,
  type TOperatorStudioGroup,
} from '../../../../contracts/onboarding.contract';
import { IconAlert } from '../../shared/components/icons';
import { fieldErrorsOf, focusFirstError, textField, useFormState, type FieldErrors } from '../../shared/forms';
import { CountrySelect } from '../master-data/CountrySelect';
import { FormSection, MONOSPACE_INPUT } from '../master-data/FormSection';

const LANGUAGES = ['de', 'en'] as const;

export type StudioGroupFormValues = {
  name: string;
  apiSlug: string;
  /** '' = a new mandant named after the company (docs/decisions/0126). */
  mandantUuid: string;
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
  creditNotePrefix: string;
  vatRateBasisPoints: number;
  sourceSystem: string;
  languages: string[];
  datevEnabled: boolean;
  datevChart: DatevChart;
  datevConsultantNumber: number | '';
  datevClientNumber: number | '';
  datevFiscalYearStartMonth: number;
  datevExpenseAccount: number | '';
  datevCreditorRangeStart: number | '';
  datevCreditorRangeEnd: number | '';
};

/** A name as an API key: lower case, umlauts spelt out, anything else a hyphen (the operator may change it). */
export function slugOf(name: string): string {
  const spelt = name.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
  return spelt
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

export const blankForm = (prefill: Partial<StudioGroupFormValues> = {}): StudioGroupFormValues => ({
  name: '',
  apiSlug: '',
  mandantUuid: '',
  companyName: '',
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  country: 'DE',
  taxNumber: '',
  vatId: '',
  iban: '',
  bic: '',
  accountingEmail: '',
  accountingFiles: [...ACCOUNTING_FILES],
  creditNotePrefix: 'GS',
  vatRateBasisPoints: DEFAULT_VAT_RATE_BASIS_POINTS,
  sourceSystem: 'csv',
  languages: ['de', 'en'],
  datevEnabled: false,
  datevChart: 'SKR03',
  datevConsultantNumber: '',
  datevClientNumber: '',
  datevFiscalYearStartMonth: 1,
  datevExpenseAccount: DATEV_DEFAULT_EXPENSE_ACCOUNT.SKR03,
  datevCreditorRangeStart: DATEV_DEFAULT_CREDITOR_RANGE.start,
  datevCreditorRangeEnd: DATEV_DEFAULT_CREDITOR_RANGE.end,
  ...prefill,
});

export const formOfGroup = (group: TOperatorStudioGroup): StudioGroupFormValues =>
  blankForm({
    name: group.name,
    apiSlug: group.apiSlug,
    mandantUuid: group.mandant.uuid,
    companyName: group.companyName,
    street: group.street,
    houseNumber: group.houseNumber,
    postalCode: group.postalCode,
    city: group.city,
    country: group.country,
    taxNumber: group.taxNumber ?? '',
    vatId: group.vatId ?? '',
    iban: friendlyFormatIBAN(group.iban ?? undefined) ?? group.iban ?? '',
    bic: group.bic ?? '',
    accountingEmail: group.accountingEmail ?? '',
    accountingFiles: [...group.accountingFiles],
    creditNotePrefix: group.creditNotePrefix,
    vatRateBasisPoints: group.vatRateBasisPoints,
    sourceSystem: group.sourceSystem,
    languages: [...group.languages],
    ...(group.datev
      ? {
          datevEnabled: true,
          datevChart: group.datev.chart,
          datevConsultantNumber: group.datev.consultantNumber,
          datevClientNumber: group.datev.clientNumber,
          datevFiscalYearStartMonth: group.datev.fiscalYearStartMonth,
          datevExpenseAccount: group.datev.expenseAccount,
          datevCreditorRangeStart: group.datev.creditorRangeStart,
          datevCreditorRangeEnd: group.datev.creditorRangeEnd,
        }
      : {}),
  });

/** The request body of the form's values; the contract's field names, DATEV's nested as `datev.*`. */
function requestOf(values: StudioGroupFormValues, mode: 'create' | 'edit') {
  const { mandantUuid, datevEnabled, datevChart, datevConsultantNumber, datevClientNumber, datevFiscalYearStartMonth, datevExpenseAccount, datevCreditorRangeStart, datevCreditorRangeEnd, ...rest } = values;
  const datev = datevEnabled
    ? {
        chart: datevChart,
        consultantNumber: datevConsultantNumber === '' ? undefined : datevConsultantNumber,
        clientNumber: datevClientNumber === '' ? undefined : datevClientNumber,
        fiscalYearStartMonth: datevFiscalYearStartMonth,
        expenseAccount: datevExpenseAccount === '' ? undefined : datevExpenseAccount,
        creditorRangeStart: datevCreditorRangeStart === '' ? undefined : datevCreditorRangeStart,
        creditorRangeEnd: datevCreditorRangeEnd === '' ? undefined : datevCreditorRangeEnd,
      }
    : null;
  return { ...rest, datev, ...(mode === 'create' ? { mandantUuid: mandantUuid || null } : {}) };
}

/** `datev.consultantNumber` → the form's `datevConsultantNumber`, so the error sits at its field. */
const formErrorsOf = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.startsWith('datev.') ? `datev${key[6]!.toUpperCase()}${key.slice(7)}` : key, message]));

type Props = {
  mode: 'create' | 'edit';
  initial: StudioGroupFormValues;
  mandants: TMandantRef[];
  /** Shown above the sections (the contact request it is prefilled from). */
  intro?: ReactNode;
  /** The logo card (edit only: a logo needs the group's uuid). */
  logo?: ReactNode;
  submitting: boolean;
  submitLabel: string;
  onCancel?: () => void;
  /** Sends the parsed values; answers the server's refusal as field errors and a message. */
  onSubmit: (values: TCreateStudioGroupValues) => Promise<{ errors: FieldErrors; message: string } | null>;
};

/** The onboarding form in sections: group, company, tax, bank, accounting & DATEV, languages, source system, logo. */
export function StudioGroupForm({ mode, initial, mandants, intro, logo, submitting, submitLabel, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useFormState<StudioGroupFormValues>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof StudioGroupFormValues & string) => textField(form, name);
  const numberField = (name: 'datevConsultantNumber' | 'datevClientNumber' | 'datevExpenseAccount' | 'datevCreditorRangeStart' | 'datevCreditorRangeEnd') => ({
    value: form.values[name],
    onChange: (value: string | number) => form.setField(name, typeof value === 'number' ? value : ''),
    error: form.errors[name],
    name,
    allowDecimal: false,
    allowNegative: false,
    hideControls: true,
    'data-testid': `field-${name}`,
  });

  const refuse = (errors: FieldErrors, message: string) => {
    form.setErrors(errors);
    setProblem(message);
    focusFirstError(errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = requestOf(form.values, mode);
    const parsed = mode === 'create' ? ZCreateStudioGroupRequest.safeParse(body) : ZUpdateStudioGroupRequest.safeParse(body);
    if (!parsed.success) return refuse(formErrorsOf(fieldErrorsOf(parsed.error)), t('masterData.common.fixErrors'));
    form.setErrors({});
    setProblem(null);
    const refusal = await onSubmit(parsed.data as TCreateStudioGroupValues);
    if (refusal) refuse(formErrorsOf(refusal.errors), refusal.message);
  };

  const companyName = form.values.companyName.trim();
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} data-testid="studio-group-form">
      <Stack gap="lg">
        {intro}
        {problem && (
          <Alert color="red" icon={<IconAlert />} title={t('masterData.common.notSaved')} role="alert" data-testid="form-error">
            {problem}
          </Alert>
        )}

        <FormSection title={t('onboarding.form.sections.group')} description={t('onboarding.form.sections.groupText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('onboarding.form.name')}
              required
              {...field('name')}
              onChange={(event) => {
                const name = event.currentTarget.value;
                // The key follows the name until the operator types one of their own.
                if (mode === 'create' && form.values.apiSlug === slugOf(form.values.name)) form.setField('apiSlug', slugOf(name));
                form.setField('name', name);
              }}
            />
            <TextInput label={t('onboarding.form.apiSlug')} description={t('onboarding.form.apiSlugHint')} required styles={MONOSPACE_INPUT} {...field('apiSlug')} />
          </SimpleGrid>
          {mode === 'create' && (
            <Select
              label={t('onboarding.form.mandant')}
              description={t('onboarding.form.mandantHint')}
              data={[{ value: '', label: t('onboarding.form.newMandant') }, ...mandants.map((mandant) => ({ value: mandant.uuid, label: mandant.name }))]}
              value={form.values.mandantUuid}
              onChange={(value) => form.setField('mandantUuid', value ?? '')}
              allowDeselect={false}
              error={form.errors.mandantUuid}
              name="mandantUuid"
              data-testid="field-mandantUuid"
            />
          )}
        </FormSection>

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
          <CountrySelect label={t('masterData.fields.country')} required value={form.values.country} onChange={(code) => form.setField('country', code)} error={form.errors.country} data-testid="field-country" />
        </FormSection>

        <FormSection title={t('masterData.settings.sections.tax')} description={t('masterData.settings.sections.taxText')}>
          <TextInput label={t('masterData.fields.taxNumber')} {...field('taxNumber')} />
          <TextInput label={t('masterData.fields.vatId')} description={t('masterData.settings.vatIdHint')} {...field('vatId')} />
        </FormSection>

        <FormSection title={t('masterData.settings.sections.bank')} description={t('masterData.settings.sections.bankText')}>
          <TextInput label={t('masterData.fields.iban')} required autoComplete="off" styles={MONOSPACE_INPUT} {...field('iban')} />
          <TextInput label={t('masterData.fields.bic')} description={t('masterData.common.optional')} autoComplete="off" styles={MONOSPACE_INPUT} {...field('bic')} />
          {companyName && (
            <Text size="sm" c="dimmed" data-testid="account-holder">
              {t('onboarding.form.accountHolder', { company: companyName })}
            </Text>
          )}
        </FormSection>

        <FormSection title={t('masterData.settings.sections.accounting')} description={t('masterData.settings.sections.accountingText')}>
          <TextInput label={t('masterData.settings.accountingEmail')} type="email" required {...field('accountingEmail')} />
          <Checkbox.Group
            label={t('masterData.settings.accountingFiles')}
            value={form.values.accountingFiles}
            onChange={(files) => form.setField('accountingFiles', files)}
            error={form.errors.accountingFiles}
            data-testid="field-accountingFiles"
          >
            <Stack gap="xs" mt="xs">
              {ACCOUNTING_FILES.map((file) => (
                <Checkbox key={file} value={file} label={t(`masterData.settings.files.${file}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            label={t('masterData.settings.creditNotePrefix')}
            description={t('masterData.settings.creditNotePrefixHint', { example: `${form.values.creditNotePrefix || 'GS'}-${new Date().getFullYear()}-00042` })}
            maxLength={10}
            {...field('creditNotePrefix')}
          />
        </FormSection>

        <FormSection title={t('accountingHandoff.datev.title')} description={t('onboarding.form.sections.datevText')} testId="datev-section">
          <Switch label={t('onboarding.form.datevEnabled')} checked={form.values.datevEnabled} onChange={(event) => form.setField('datevEnabled', event.currentTarget.checked)} data-testid="field-datevEnabled" />
          {!form.values.datevEnabled && (
            <Text size="sm" c="dimmed">
              {t('accountingHandoff.datev.notSetHint')}
            </Text>
          )}
          {form.values.datevEnabled && (
            <>
              <Input.Wrapper label={t('accountingHandoff.datev.chart')} error={form.errors.datevChart}>
                <SegmentedControl
                  mt={4}
                  display="flex"
                  w="fit-content"
                  value={form.values.datevChart}
                  onChange={(chart) => {
                    const next = chart as DatevChart;
                    // A default account follows the chart; one the operator typed stays.
                    if (form.values.datevExpenseAccount === DATEV_DEFAULT_EXPENSE_ACCOUNT[form.values.datevChart]) form.setField('datevExpenseAccount', DATEV_DEFAULT_EXPENSE_ACCOUNT[next]);
                    form.setField('datevChart', next);
                  }}
                  data={DATEV_CHARTS.map((chart) => ({ value: chart, label: chart }))}
                />
              </Input.Wrapper>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput label={t('accountingHandoff.datev.consultantNumber')} required {...numberField('datevConsultantNumber')} />
                <NumberInput label={t('accountingHandoff.datev.clientNumber')} required {...numberField('datevClientNumber')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('accountingHandoff.datev.fiscalYearStart')}
                  data={t('accountingHandoff.datev.months', { returnObjects: true }).map((label, index) => ({ value: String(index + 1), label }))}
                  value={String(form.values.datevFiscalYearStartMonth)}
                  onChange={(value) => form.setField('datevFiscalYearStartMonth', Number(value ?? 1))}
                  allowDeselect={false}
                  error={form.errors.datevFiscalYearStartMonth}
                />
                <NumberInput label={t('accountingHandoff.datev.expenseAccount')} required {...numberField('datevExpenseAccount')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput label={t('accountingHandoff.datev.creditorRangeStart')} required {...numberField('datevCreditorRangeStart')} />
                <NumberInput label={t('accountingHandoff.datev.creditorRangeEnd')} required {...numberField('datevCreditorRangeEnd')} />
              </SimpleGrid>
            </>
          )}
        </FormSection>

        <FormSection title={t('onboarding.form.sections.languages')} description={t('onboarding.form.sections.languagesText')}>
          <Checkbox.Group
            label={t('onboarding.form.sections.languages')}
            value={form.values.languages}
            onChange={(languages) => form.setField('languages', LANGUAGES.filter((language) => languages.includes(language)))}
            error={form.errors.languages}
            data-testid="field-languages"
          >
            <Group mt="xs">
              {LANGUAGES.map((language) => (
                <Checkbox key={language} value={language} label={t(`onboarding.form.languageNames.${language}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        </FormSection>

        <FormSection title={t('onboarding.form.sections.source')} description={t('onboarding.form.sections.sourceText')}>
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
        </FormSection>

        {logo}

        <Card pos="sticky" bottom={0} style={{ zIndex: 5 }} withBorder shadow="sm">
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('onboarding.form.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting} data-testid="studio-group-save">
              {submitLabel}
            </Button>
          </Group>
        </Card>
      </Stack>
    </form>
  );
}
