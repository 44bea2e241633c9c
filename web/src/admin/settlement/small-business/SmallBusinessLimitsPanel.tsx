import { Alert, Badge, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import { ZSmallBusinessLimitsResponse } from '../../../../../contracts/accounting-handoff.contract';
import { apiRequest } from '../../../shared/api/client';
import { IconAlert } from '../../../shared/components/icons';
import { formatEuros } from '../../../shared/format';
import { settlementQueryKeys } from '../api';

const LEVEL_COLOR = { near: 'yellow', passed: 'red' } as const;

/** GET …/small-business-limits, below the settlement's key: a run's 'settlement:state' event refreshes it. */
export function useSmallBusinessLimits(group: TStudioGroupRef, settlementUuid: string) {
  return useQuery({
    queryKey: [...settlementQueryKeys.detail(settlementUuid), 'small-business-limits'],
    queryFn: ({ signal }) => apiRequest(`/api/v1/${encodeURIComponent(group.uuid)}/settlement/${settlementUuid}/small-business-limits`, { schema: ZSmallBusinessLimitsResponse, signal }),
  });
}

/**
 * The billing step's small-business limits (§19 UStG): each selected trainer billed
 * without VAT who is near (80 %) or past a limit, with what the platform billed their account this
 * year and last across all studio groups, this billing included. Passing the current year's limit
 * blocks the run until the admin confirms here (the run's `confirmSmallBusinessLimit`).
 */
export function SmallBusinessLimitsPanel({
  group,
  settlementUuid,
  selection,
  confirmed,
  onConfirm,
  disabled,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  selection: string[];
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const limits = useSmallBusinessLimits(group, settlementUuid);
  if (!limits.data) return null;
  const selected = new Set(selection);
  const rows = limits.data.trainers.filter((row) => selected.has(row.trainerUuid) && (row.currentYearLevel !== 'ok' || row.previousYearLevel !== 'ok'));
  if (rows.length === 0) return null;
  const blocking = rows.filter((row) => row.blocking);
  const { year } = limits.data;
  const level = (value: 'ok' | 'near' | 'passed') =>
    value === 'ok' ? null : (
      <Badge color={LEVEL_COLOR[value]} variant="light" tt="none" size="sm">
        {t(`accountingHandoff.smallBusiness.levels.${value}`)}
      </Badge>
    );

  return (
    <Stack gap="xs" data-testid="small-business-limits">
      <Title order={4} fz="md">
        {t('accountingHandoff.smallBusiness.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('accountingHandoff.smallBusiness.description', { previous: formatEuros(limits.data.limits.previousYear), current: formatEuros(limits.data.limits.currentYear) })}
      </Text>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accountingHandoff.smallBusiness.trainer')}</Table.Th>
            <Table.Th ta="right">{t('accountingHandoff.smallBusiness.previousYear', { year: year - 1 })}</Table.Th>
            <Table.Th ta="right">{t('accountingHandoff.smallBusiness.currentYear', { year })}</Table.Th>
            <Table.Th>{t('accountingHandoff.smallBusiness.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.trainerUuid} data-testid="small-business-row" data-trainer-uuid={row.trainerUuid}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatEuros(row.previousYear)} {level(row.previousYearLevel)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" data-testid="small-business-current">
                {formatEuros(row.currentYear)}
              </Table.Td>
              <Table.Td>{level(row.currentYearLevel)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {blocking.length > 0 && (
        <Alert color="red" icon={<IconAlert />} data-testid="small-business-blocking">
          <Stack gap="xs">
            <Text size="sm">{t('accountingHandoff.smallBusiness.blocking', { count: blocking.length, current: formatEuros(limits.data.limits.currentYear) })}</Text>
            <Checkbox
              label={t('accountingHandoff.smallBusiness.confirm')}
              checked={confirmed}
              disabled={disabled}
              onChange={(event) => onConfirm(event.currentTarget.checked)}
              data-testid="small-business-confirm"
            />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
