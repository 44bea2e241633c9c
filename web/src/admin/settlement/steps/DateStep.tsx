import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlert, IconInfo, IconPlay } from '../../../shared/components/icons';
import { formatMonth } from '../../../shared/format';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useSettlements } from '../api';
import { firstOpenMonth, isSettleableMonth, latestSettleableMonth, settlementMonthOf } from '../settlement-month';
import type { WizardStepProps } from '../wizard/wizard-types';

/**
 * Step 1, first half (spec 2.3): the month to settle. Only a month before the current one is
 * accepted; another one is cleared with the spec's red message and 'Create Settlement' hides.
 */
export function DateStep({ group, settlementUuid, month, setMonth }: WizardStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState<string | null>(() => (month ? DateTime.fromISO(month).startOf('month').toISODate() : latestSettleableMonth()));
  const [refused, setRefused] = useState(false);
  const settlements = useSettlements(group);

  const onChange = (picked: string | null) => {
    if (picked && !isSettleableMonth(picked)) {
      setValue(null);
      setRefused(true);
      return;
    }
    setRefused(false);
    setValue(picked);
  };

  // A month that already has a settlement in progress: continue that one instead of starting another.
  const chosen = value ? settlementMonthOf(value) : null;
  const openOne = chosen
    ? settlements.data?.find((item) => item.month === chosen && item.status === 'in_progress' && item.settlementUuid !== settlementUuid)
    : undefined;

  return (
    <Card data-testid="settlement-date-step">
      <Stack gap="md" maw={560}>
        <Title order={3} fz="lg">
          {t('settlement.date.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settlement.date.info')}
        </Text>
        <MonthPickerInput
          data-testid="settlement-month-picker"
          label={t('settlement.date.label')}
          placeholder={t('settlement.date.placeholder')}
          value={value}
          onChange={onChange}
          valueFormat="MMMM YYYY"
          clearable
          w={280}
        />
        {refused && (
          <Alert color="red" icon={<IconAlert />} role="alert" data-testid="settlement-month-error">
            {t('settlement.date.mustBeBefore', { month: formatMonth(firstOpenMonth(), locale) })}
          </Alert>
        )}
        {openOne && (
          <Alert color="yellow" icon={<IconInfo />} data-testid="settlement-month-open">
            {t('settlement.date.alreadyOpen', { month: formatMonth(openOne.month, locale) })}{' '}
            <Anchor component={Link} to={`/${locale}/admin/settlement/wizard/${openOne.settlementUuid}`} size="sm" fw={600}>
              {t('settlement.date.openExisting')}
            </Anchor>
          </Alert>
        )}
        {value && isSettleableMonth(value) && !openOne && (
          <Group>
            <Button data-testid="settlement-create" leftSection={<IconPlay size={16} />} onClick={() => setMonth(settlementMonthOf(value))}>
              {t('settlement.date.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
