import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  Loader,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBillableTrainerRow } from '../../../../../contracts/settlement.contract';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo } from '../../../shared/components/icons';
import { formatMonth } from '../../../shared/format';
import { useLocale } from '../../../shared/hooks/use-locale';
import { BilledBadge, TrainerStateBadge } from '../badges';
import { useBillableTrainers, useSaveSelection, useSettlements } from '../api';
import { useWizardErrors } from '../wizard/wizard-errors';
import type { WizardStepProps } from '../wizard/wizard-types';
import {
  canGoNext,
  displayName,
  filterRows,
  groupByStudio,
  NO_FILTERS,
  SELECT_BY_STATES,
  selectAll,
  selectByState,
  selectionToSubmit,
  STATUS_FILTERS,
  toggleTrainer,
  type Selection,
  type StatusFilter,
  type TrainerFilters,
} from './trainer-selection';

/** Spec 2.4 / 9: the trainer list scrolls at 700 px, the location list at 300 px. */
const TRAINER_LIST_HEIGHT = 700;
const LOCATION_LIST_HEIGHT = 300;

function Counter({ label, value, testId, color }: { label: string; value: number; testId: string; color?: string }) {
  return (
    <Card padding="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} data-testid={testId} lh={1.3}>
        {value}
      </Text>
    </Card>
  );
}

type RowProps = { row: TBillableTrainerRow; checked: boolean; disabled: boolean; onToggle: (trainerUuid: string) => void };

/** One trainer in one studio (spec 2.4): checkbox, name (red when data is missing), badges, edit link. */
const TrainerRow = memo(function TrainerRow({ row, checked, disabled, onToggle }: RowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const incomplete = !row.trainer_data_complete;
  const name = displayName(row);
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="sm"
      py={8}
      data-testid={`trainer-row-${row.trainer_uuid}`}
      data-studio={row.studio_uuid}
      // Not faded when it cannot be selected: faded text falls below AA contrast; the disabled
      // checkbox and the red 'missing' line say it.
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Checkbox
        mt={2}
        checked={checked}
        disabled={disabled}
        onChange={() => onToggle(row.trainer_uuid)}
        aria-label={name}
        data-testid={`trainer-checkbox-${row.trainer_uuid}`}
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={500} c={incomplete ? 'red' : undefined} data-testid="trainer-name">
            {name}
          </Text>
          {row.trainer_company_name && row.trainer_company_name.trim() !== row.trainer_name && (
            <Text size="sm" c="dimmed">
              ({row.trainer_name})
            </Text>
          )}
        </Group>
        {incomplete && (
          <Text size="xs" c="red" data-testid="trainer-missing">
            {t('settlement.select.cannotBeBilled')} {row.missing.map((item) => t(`settlement.select.missing.${item}`)).join(', ')}
          </Text>
        )}
        {row.tax_number_missing_not_mandatory && (
          <Text size="xs" c="yellow" data-testid="trainer-tax-note">
            {t('settlement.select.taxNumberNotMandatory')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('settlement.select.classCount', { count: row.class_count })}
          {!row.trainer_account_connected && ` · ${t('settlement.select.noAccount')}`}
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap">
        <TrainerStateBadge state={row.workflow_state} />
        {row.billed && <BilledBadge />}
        {row.self_billing_consent === false && (
          <Badge color="orange" variant="light" size="sm" tt="none" data-testid="trainer-no-consent">
            {t('creditNoteList.noSelfBillingConsent')}
          </Badge>
        )}
      </Group>
      <Anchor
        href={`/${locale}/admin/trainer/${row.id}/edit`}
        target="_blank"
        rel="noopener"
        size="xs"
        style={{ whiteSpace: 'nowrap' }}
        data-testid="trainer-edit-link"
      >
        {t('settlement.select.editTrainer')}
      </Anchor>
    </Group>
  );
});

/**
 * Step 1, second half (spec 2.4): which trainers this settlement bills. One row per trainer and
 * studio; the selection is per trainer, so a trainer teaching in two studios is checked in both.
 */
export function SelectTrainerStep({ group, settlementUuid, month, settlement, setMonth, followWorkflow }: WizardStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { report } = useWizardErrors();
  const billable = useBillableTrainers(group, settlementUuid, month);
  const save = useSaveSelection(group, settlementUuid);
  const settlements = useSettlements(group);
  const [touched, setTouched] = useState<Selection | null>(null);
  const [filters, setFilters] = useState<TrainerFilters>(NO_FILTERS);
  const [conflictUuid, setConflictUuid] = useState<string | null>(null);

  const rows = useMemo(() => billable.data?.rows ?? [], [billable.data]);
  // Until the admin changes it, the selection is the one stored with the settlement.
  const stored: Selection = useMemo(() => new Set(billable.data?.selectedTrainerUuids ?? []), [billable.data]);
  const selection = touched ?? stored;
  const groups = useMemo(() => groupByStudio(filterRows(rows, filters)), [rows, filters]);
  const selectedCount = selectionToSubmit(selection, rows).length;
  const readOnly = settlement !== null && settlement.status !== 'in_progress';
  const setFilter = <K extends keyof TrainerFilters>(key: K, value: TrainerFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  const onToggle = useCallback(
    (trainerUuid: string) => setTouched((current) => toggleTrainer(current ?? stored, rows, trainerUuid)),
    [stored, rows],
  );

  const onNext = () => {
    if (!month || !canGoNext(selection, rows)) return;
    setConflictUuid(null);
    save.mutate(
      { month, trainerUuids: selectionToSubmit(selection, rows) },
      {
        onSuccess: (answer) => followWorkflow(answer.state.step),
        onError: (error) => {
          report(errorMessage(error));
          // 409: another settlement of the month is open; offer it (the index knows its uuid).
          if (error instanceof ApiError && error.status === 409) {
            const open = settlements.data?.find((item) => item.month === month && item.status === 'in_progress' && item.settlementUuid !== settlementUuid);
            setConflictUuid(open?.settlementUuid ?? null);
          }
        },
      },
    );
  };

  if (billable.isPending) {
    return (
      <Center mih={320}>
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (billable.isError) {
    return (
      <Alert color="red" icon={<IconAlert />} role="alert" data-testid="select-load-error">
        {t('settlement.select.loadError', { month: month ? formatMonth(month, locale) : '' })} {errorMessage(billable.error)}
      </Alert>
    );
  }

  const { counters, locations } = billable.data;
  const hiddenCount = filters.hiddenLocations.size;

  return (
    <Stack gap="md" data-testid="settlement-select-step">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Counter label={t('settlement.select.counters.billable')} value={counters.billable} testId="counter-billable" />
        <Counter label={t('settlement.select.counters.dataNotComplete')} value={counters.dataNotComplete} testId="counter-incomplete" color={counters.dataNotComplete > 0 ? 'red.7' : undefined} />
        <Counter label={t('settlement.select.counters.billed')} value={counters.billed} testId="counter-billed" />
        <Counter label={t('settlement.select.counters.selected')} value={selectedCount} testId="counter-selected" color="brand.7" />
      </SimpleGrid>

      {readOnly && (
        <Alert color="blue" icon={<IconInfo />} data-testid="select-read-only">
          {t('settlement.select.readOnly')}
        </Alert>
      )}
      {conflictUuid && (
        <Alert color="yellow" icon={<IconInfo />} data-testid="select-conflict">
          <Anchor component={Link} to={`/${locale}/admin/settlement/wizard/${conflictUuid}`} fw={600} size="sm">
            {t('settlement.date.openExisting')}
          </Anchor>
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Stack gap="md">
            <Card padding="md">
              <Title order={4} fz="sm" mb="sm">
                {t('settlement.select.actions.title')}
              </Title>
              <Stack gap={6}>
                <Button variant="default" size="xs" onClick={() => setTouched(new Set())} disabled={readOnly} data-testid="select-reset">
                  {t('settlement.select.actions.reset')}
                </Button>
                <Button variant="light" size="xs" onClick={() => setTouched(selectAll(rows))} disabled={readOnly} data-testid="select-all">
                  {t('settlement.select.actions.all')}
                </Button>
                {SELECT_BY_STATES.map((state) => (
                  <Button
                    key={state}
                    variant="subtle"
                    size="xs"
                    justify="flex-start"
                    h="auto"
                    py={6}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    onClick={() => setTouched(selectByState(selection, rows, state))}
                    disabled={readOnly}
                    data-testid={`select-state-${state}`}
                  >
                    {t('settlement.select.actions.byState', { state: t(`settlement.trainerState.${state}`) })}
                  </Button>
                ))}
              </Stack>
            </Card>

            <Card padding="md">
              <Title order={4} fz="sm" mb="sm">
                {t('settlement.select.filters.title')}
              </Title>
              <Stack gap="sm">
                <Checkbox
                  label={t('settlement.select.filters.incomplete')}
                  checked={filters.incompleteOnly}
                  onChange={(event) => setFilter('incompleteOnly', event.currentTarget.checked)}
                  data-testid="filter-incomplete"
                />
                <Select
                  label={t('settlement.select.filters.status')}
                  value={filters.status}
                  allowDeselect={false}
                  onChange={(value) => setFilter('status', (value ?? 'all') as StatusFilter)}
                  data={STATUS_FILTERS.map((status) => ({ value: status, label: t(`settlement.select.statusFilter.${status}`) }))}
                  data-testid="filter-status"
                />
                <div>
                  <Group justify="space-between" mb={6}>
                    <Text size="sm" fw={500}>
                      {t('settlement.select.filters.locations')}
                    </Text>
                    {hiddenCount > 0 && (
                      <Anchor component="button" type="button" size="xs" onClick={() => setFilter('hiddenLocations', new Set())}>
                        {t('settlement.select.filters.allLocations')}
                      </Anchor>
                    )}
                  </Group>
                  <ScrollArea.Autosize mah={LOCATION_LIST_HEIGHT} type="auto" data-testid="location-list">
                    <Stack gap={6}>
                      {locations.map((location) => (
                        <Checkbox
                          key={location.location_uuid}
                          label={location.location_name}
                          checked={!filters.hiddenLocations.has(location.location_uuid)}
                          onChange={(event) => {
                            const hidden = new Set(filters.hiddenLocations);
                            if (event.currentTarget.checked) hidden.delete(location.location_uuid);
                            else hidden.add(location.location_uuid);
                            setFilter('hiddenLocations', hidden);
                          }}
                          data-testid={`location-${location.location_uuid}`}
                        />
                      ))}
                    </Stack>
                  </ScrollArea.Autosize>
                </div>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Card p={0}>
            <Group p="md" gap="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <TextInput
                placeholder={t('settlement.select.namePlaceholder')}
                aria-label={t('settlement.select.nameLabel')}
                value={filters.name}
                onChange={(event) => setFilter('name', event.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="filter-name"
                rightSection={filters.name ? <CloseButton size="sm" aria-label={t('settlement.select.clear')} onClick={() => setFilter('name', '')} /> : null}
              />
              <Button variant="default" onClick={() => setFilter('name', '')} disabled={!filters.name} data-testid="filter-name-clear">
                {t('settlement.select.clear')}
              </Button>
            </Group>
            <ScrollArea h={TRAINER_LIST_HEIGHT} type="auto" data-testid="trainer-list">
              {groups.length === 0 && (
                <Center h={200}>
                  <Text c="dimmed">{rows.length === 0 ? t('settlement.select.noTrainers', { month: month ? formatMonth(month, locale) : '' }) : t('settlement.select.noMatch')}</Text>
                </Center>
              )}
              {groups.map((studio) => (
                <div key={studio.studioUuid} data-testid={`studio-group-${studio.studioUuid}`}>
                  <Group
                    justify="space-between"
                    px="sm"
                    py={6}
                    bg="gray.1"
                    style={{ position: 'sticky', top: 0, zIndex: 1, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Text fw={700} size="sm">
                      {studio.studioName}
                    </Text>
                    <Badge variant="default" tt="none">
                      {t('settlement.select.trainerCount', { count: studio.rows.length })}
                    </Badge>
                  </Group>
                  {studio.rows.map((row) => (
                    <TrainerRow
                      key={`${row.studio_uuid}:${row.trainer_uuid}`}
                      row={row}
                      checked={selection.has(row.trainer_uuid)}
                      disabled={readOnly || !row.selectable}
                      onToggle={onToggle}
                    />
                  ))}
                </div>
              ))}
            </ScrollArea>
          </Card>
        </Grid.Col>
      </Grid>

      <Group justify="space-between">
        {settlement === null ? (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setMonth(null)} data-testid="select-back-to-month">
            {t('settlement.select.backToMonth')}
          </Button>
        ) : (
          <span />
        )}
        {!readOnly && canGoNext(selection, rows) && (
          <Button onClick={onNext} loading={save.isPending} data-testid="select-next">
            {t('settlement.select.next', { count: selectedCount })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
