import { Alert, Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Switch, Input, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATEV_CHARTS, DATEV_DEFAULT_CREDITOR_RANGE, DATEV_DEFAULT_EXPENSE_ACCOUNT, type DatevChart } from '../../../../domain/accounting/datev-settings';
import { ZDatevSettings, type TDatevSettings } from '../../../../contracts/datev-settings.contract';
import type { TStudioGroupSettings, TStudioGroupSettingsRequest } from '../../../../contracts/studio-group-settings.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { fieldErrorOfServer, fieldErrorsOf, type FieldErrors } from '../../shared/forms';
import { useStudioGroupSettings, useUpdateStudioGroupSettings } from './api';
import { FormSection } from './FormSection';

type DatevForm = { chart: DatevChart; consultantNumber: number | ''; clientNumber: number | ''; fiscalYearStartMonth: number; expenseAccount: number | ''; creditorRangeStart: number | ''; creditorRangeEnd: number | '' };

const formOf = (datev: TDatevSettings | null): DatevForm =>
  datev ?? {
    chart: 'SKR03',
    consultantNumber: '',
    clientNumber: '',
    fiscalYearStartMonth: 1,
    expenseAccount: DATEV_DEFAULT_EXPENSE_ACCOUNT.SKR03,
    creditorRangeStart: DATEV_DEFAULT_CREDITOR_RANGE.start,
    creditorRangeEnd: DATEV_DEFAULT_CREDITOR_RANGE.end,
  };

/** The stored settings as the PUT body: the section saves only `datev`, the rest as stored. */
const requestOf = (settings: TStudioGroupSettings, datev: TDatevSettings | null): TStudioGroupSettingsRequest => ({
  companyName: settings.companyName,
  street: settings.street,
  houseNumber: settings.houseNumber,
  postalCode: settings.postalCode,
  city: settings.city,
  country: settings.country,
  taxNumber: settings.taxNumber ?? '',
  vatId: settings.vatId ?? '',
  iban: settings.iban ?? '',
  bic: settings.bic ?? '',
  accountingEmail: settings.accountingEmail ?? '',
  accountingFiles: settings.accountingFiles,
  vatRateBasisPoints: settings.vatRateBasisPoints,
  creditNotePrefix: settings.creditNotePrefix,
  sourceSystem: settings.sourceSystem,
  datev,
});

/**
 * Settings, section "DATEV export": chart, the accountant's consultant and client
 * numbers, fiscal year start, the fees' expense account and the trainers' creditor range. Saved on
 * its own (PUT /settings with `datev`, everything else as stored), so the main form's unsaved edits
 * stay where they are; switched off, the settings are cleared and the run's DATEV file is 'not_set'.
 */
export function DatevSettingsSection({ settings, studioGroupUuid }: { settings: TStudioGroupSettings; studioGroupUuid: string }) {
  const { t } = useTranslation();
  const update = useUpdateStudioGroupSettings(studioGroupUuid);
  // The stored settings as they are now (the main form may have saved since this page opened).
  const stored = useStudioGroupSettings(studioGroupUuid).data ?? settings;
  const [enabled, setEnabled] = useState(settings.datev !== null);
  const [values, setValues] = useState<DatevForm>(() => formOf(settings.datev));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof DatevForm>(key: K, value: DatevForm[K]) => setValues((current) => ({ ...current, [key]: value }));
  const error = (key: keyof DatevForm) => errors[`datev.${key}`] ?? errors[key];
  const numberField = (key: 'consultantNumber' | 'clientNumber' | 'expenseAccount' | 'creditorRangeStart' | 'creditorRangeEnd') => ({
    value: values[key],
    onChange: (value: string | number) => set(key, typeof value === 'number' ? value : ''),
    error: error(key),
    allowDecimal: false,
    allowNegative: false,
    hideControls: true,
    'data-testid': `datev-${key}`,
  });

  const save = () => {
    let datev: TDatevSettings | null = null;
    if (enabled) {
      const parsed = ZDatevSettings.safeParse(values);
      if (!parsed.success) {
        setErrors(fieldErrorsOf(parsed.error));
        setProblem(t('masterData.common.fixErrors'));
        return;
      }
      datev = parsed.data;
    }
    setErrors({});
    setProblem(null);
    update.mutate(requestOf(stored, datev), {
      onSuccess: () => notifications.show({ color: 'green', message: t('accountingHandoff.datev.saved'), icon: <IconCheck size={16} /> }),
      onError: (failure) => {
        setErrors(fieldErrorOfServer(failure));
        setProblem(errorMessage(failure));
      },
    });
  };

  return (
    <FormSection title={t('accountingHandoff.datev.title')} description={t('accountingHandoff.datev.description')} testId="datev-settings">
      {problem && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="datev-error">
          {problem}
        </Alert>
      )}
      <Switch label={t('accountingHandoff.datev.enabled')} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} data-testid="datev-enabled" />
      {!enabled && (
        <Text size="sm" c="dimmed">
          {t('accountingHandoff.datev.notSetHint')}
        </Text>
      )}
      {enabled && (
        <>
          <Input.Wrapper label={t('accountingHandoff.datev.chart')} error={error('chart')}>
            <SegmentedControl
              mt={4}
              display="flex"
              w="fit-content"
              data-testid="datev-chart"
              value={values.chart}
              onChange={(chart) => {
                const next = chart as DatevChart;
                // A default account follows the chart; one the admin typed stays.
                setValues((current) => ({
                  ...current,
                  chart: next,
                  expenseAccount: current.expenseAccount === DATEV_DEFAULT_EXPENSE_ACCOUNT[current.chart] ? DATEV_DEFAULT_EXPENSE_ACCOUNT[next] : current.expenseAccount,
                }));
              }}
              data={DATEV_CHARTS.map((chart) => ({ value: chart, label: chart }))}
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t('accountingHandoff.datev.consultantNumber')} required {...numberField('consultantNumber')} />
            <NumberInput label={t('accountingHandoff.datev.clientNumber')} required {...numberField('clientNumber')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('accountingHandoff.datev.fiscalYearStart')}
              data={t('accountingHandoff.datev.months', { returnObjects: true }).map((label, index) => ({ value: String(index + 1), label }))}
              value={String(values.fiscalYearStartMonth)}
              onChange={(value) => set('fiscalYearStartMonth', Number(value ?? 1))}
              allowDeselect={false}
              error={error('fiscalYearStartMonth')}
              data-testid="datev-fiscalYearStartMonth"
            />
            <NumberInput
              label={t('accountingHandoff.datev.expenseAccount')}
              description={t('accountingHandoff.datev.expenseAccountHint', { account: DATEV_DEFAULT_EXPENSE_ACCOUNT[values.chart], chart: values.chart })}
              required
              {...numberField('expenseAccount')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t('accountingHandoff.datev.creditorRangeStart')} required {...numberField('creditorRangeStart')} />
            <NumberInput label={t('accountingHandoff.datev.creditorRangeEnd')} required {...numberField('creditorRangeEnd')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('accountingHandoff.datev.creditorRangeHint')}
          </Text>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="light" onClick={save} loading={update.isPending} data-testid="datev-save">
          {t('accountingHandoff.datev.save')}
        </Button>
      </Group>
    </FormSection>
  );
}
