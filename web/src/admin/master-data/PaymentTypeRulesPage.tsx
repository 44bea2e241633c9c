import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { AgGridReact } from 'ag-grid-react';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPaymentTypeRule } from '../../../../contracts/payment-type-rule.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { GridLoadState } from './GridLoadState';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatDate, toIsoDate } from '../../shared/format';
import { gridTheme } from '../../shared/grid';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { IconCalendarOff, IconPencil, IconPlus, IconTrash } from './icons';
import { RuleFormModal } from './RuleFormModal';
import { useDeletePaymentTypeRule, usePaymentTypeRules, useStudios, useTrainers, useUpdatePaymentTypeRule } from './api';
import { dayAfter, RULE_STATUS_COLOR, ruleAppliesTo, ruleStatus, updateBodyOf, useRuleTexts } from './rule-display';

type GridContext = {
  onEdit: (rule: TPaymentTypeRule) => void;
  onEnd: (rule: TPaymentTypeRule) => void;
  onDelete: (rule: TPaymentTypeRule) => void;
};

function StatusCell({ data }: CustomCellRendererProps<TPaymentTypeRule>) {
  const { t } = useTranslation();
  if (!data) return null;
  const status = ruleStatus(data);
  return (
    <Badge color={RULE_STATUS_COLOR[status]} variant="light" data-testid="rule-status">
      {t(`masterData.rules.status.${status}`)}
    </Badge>
  );
}

function PayCell({ data }: CustomCellRendererProps<TPaymentTypeRule>) {
  const texts = useRuleTexts();
  if (!data) return null;
  const extra = texts.extra(data);
  const limits = texts.limits(data);
  return (
    <Stack gap={0} py={8} lh={1.4} style={{ whiteSpace: 'normal' }}>
      <Text size="sm" fw={600}>
        {texts.rate(data)}
      </Text>
      {extra !== '–' && (
        <Text size="xs" c="dimmed">
          + {extra}
        </Text>
      )}
      {limits !== '–' && (
        <Text size="xs" c="dimmed">
          {limits}
        </Text>
      )}
    </Stack>
  );
}

function ActionsCell({ data, context }: CustomCellRendererProps<TPaymentTypeRule, unknown, GridContext>) {
  const { t } = useTranslation();
  if (!data) return null;
  const continued = data.replacedByRuleUuid !== null;
  const ended = data.validTo !== null && ruleStatus(data) !== 'active' && ruleStatus(data) !== 'upcoming';
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      <Tooltip label={continued ? t('masterData.rules.actions.editContinued') : t('masterData.rules.actions.edit')} withArrow>
        <ActionIcon variant="subtle" aria-label={t('masterData.rules.actions.edit')} disabled={continued} onClick={() => context.onEdit(data)} data-testid="rule-edit">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('masterData.rules.actions.end')} withArrow>
        <ActionIcon variant="subtle" color="orange" aria-label={t('masterData.rules.actions.end')} disabled={continued || ended} onClick={() => context.onEnd(data)} data-testid="rule-end">
          <IconCalendarOff size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={data.inUse ? t('masterData.rules.actions.deleteInUse') : t('masterData.rules.actions.delete')} withArrow multiline w={260}>
        {/* a span, so the tooltip still shows on the disabled button */}
        <span>
          <ActionIcon variant="subtle" color="red" aria-label={t('masterData.rules.actions.delete')} disabled={data.inUse} onClick={() => context.onDelete(data)} data-testid="rule-delete">
            <IconTrash size={16} />
          </ActionIcon>
        </span>
      </Tooltip>
    </Group>
  );
}

/** /:locale/admin/payment-type-rules: the group's payment type rules; create, edit from a date, end, delete an unused one. */
export function PaymentTypeRulesPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const studioGroupUuid = current!.uuid;
  const rules = usePaymentTypeRules(studioGroupUuid);
  const trainers = useTrainers(studioGroupUuid);
  const studios = useStudios(studioGroupUuid);
  const texts = useRuleTexts();
  const [trainerFilter, setTrainerFilter] = useState<string | null>(null);
  const [studioFilter, setStudioFilter] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [form, setForm] = useState<{ rule: TPaymentTypeRule | null } | null>(null);
  const [ending, setEnding] = useState<TPaymentTypeRule | null>(null);
  const [deleting, setDeleting] = useState<TPaymentTypeRule | null>(null);

  const all = rules.data ?? [];
  const rows = useMemo(
    () =>
      (rules.data ?? []).filter((rule) => {
        const status = ruleStatus(rule);
        if (!showHistory && (status === 'ended' || status === 'replaced')) return false;
        return ruleAppliesTo(rule, { trainerId: trainerFilter === null ? null : Number(trainerFilter), studioUuid: studioFilter });
      }),
    [rules.data, showHistory, trainerFilter, studioFilter],
  );

  const columnDefs = useMemo<ColDef<TPaymentTypeRule>[]>(
    () => [
      { colId: 'name', field: 'name', headerName: t('masterData.rules.columns.name'), flex: 1.4, minWidth: 200, sort: 'asc', wrapText: true, autoHeight: true, cellStyle: { lineHeight: 1.4, paddingTop: 10, paddingBottom: 10 } },
      {
        colId: 'scope',
        headerName: t('masterData.rules.columns.scope'),
        valueGetter: ({ data }) => (data ? texts.scope(data) : ''),
        flex: 1.2,
        minWidth: 170,
        wrapText: true,
        autoHeight: true,
        cellStyle: { lineHeight: 1.4, paddingTop: 10, paddingBottom: 10 },
      },
      {
        colId: 'validity',
        headerName: t('masterData.rules.columns.validity'),
        valueGetter: ({ data }) => data?.validFrom ?? '',
        valueFormatter: ({ data }) =>
          data ? `${formatDate(data.validFrom, locale)} – ${data.validTo ? formatDate(data.validTo, locale) : t('masterData.rules.openEnded')}` : '',
        width: 190,
        wrapText: true,
        autoHeight: true,
        cellStyle: { lineHeight: 1.4, paddingTop: 10, paddingBottom: 10 },
      },
      {
        colId: 'pay',
        headerName: t('masterData.rules.columns.pay'),
        valueGetter: ({ data }) => (data ? [texts.rate(data), texts.extra(data), texts.limits(data)].filter((part) => part !== '–').join('; ') : ''),
        cellRenderer: PayCell,
        flex: 1.4,
        minWidth: 210,
        autoHeight: true,
      },
      {
        colId: 'status',
        headerName: t('masterData.rules.columns.status'),
        valueGetter: ({ data }) => (data ? t(`masterData.rules.status.${ruleStatus(data)}`) : ''),
        cellRenderer: StatusCell,
        width: 120,
      },
      { colId: 'actions', headerName: '', cellRenderer: ActionsCell, sortable: false, filter: false, width: 124, pinned: 'right' },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language, locale, texts],
  );

  const context: GridContext = {
    onEdit: (rule) => setForm({ rule }),
    onEnd: setEnding,
    onDelete: setDeleting,
  };

  return (
    <>
      <PageHeader
        title={t('masterData.rules.title')}
        description={t('masterData.rules.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ rule: null })} disabled={!trainers.data || !studios.data} data-testid="rule-new">
            {t('masterData.rules.new')}
          </Button>
        }
      />
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconInfo />} title={t('masterData.rules.datedTitle')}>
          {t('masterData.rules.datedInfo')}
        </Alert>
        <Card>
          <Group justify="space-between" align="flex-end" gap="md">
            <Group align="flex-end" gap="md">
              <Select
                label={t('masterData.rules.filters.trainer')}
                placeholder={t('masterData.rules.form.anyTrainer')}
                data={(trainers.data ?? []).map((trainer) => ({ value: String(trainer.id), label: trainer.name }))}
                value={trainerFilter}
                onChange={setTrainerFilter}
                searchable
                clearable
                w={240}
                data-testid="rules-filter-trainer"
              />
              <Select
                label={t('masterData.rules.filters.studio')}
                placeholder={t('masterData.rules.form.anyStudio')}
                data={(studios.data ?? []).map((studio) => ({ value: studio.uuid, label: studio.name }))}
                value={studioFilter}
                onChange={setStudioFilter}
                clearable
                w={220}
                data-testid="rules-filter-studio"
              />
              <Switch label={t('masterData.rules.filters.showHistory')} checked={showHistory} onChange={(event) => setShowHistory(event.currentTarget.checked)} mb={8} data-testid="rules-show-history" />
            </Group>
            <Text size="sm" c="dimmed" mb={8} data-testid="rules-count">
              {t('masterData.rules.count', { shown: rows.length, total: all.length })}
            </Text>
          </Group>
        </Card>
        <Card p={0} style={{ overflow: 'hidden' }}>
          <GridLoadState query={rules} loadingHeight={400} />
          {rules.data && (
            <div style={{ minHeight: 200 }} data-testid="rules-grid">
              <AgGridReact<TPaymentTypeRule>
                key={i18n.language}
                theme={gridTheme}
                rowData={rows}
                columnDefs={columnDefs}
                context={context}
                defaultColDef={{ sortable: true, resizable: true }}
                getRowId={({ data }) => data.uuid}
                domLayout="autoHeight"
                tooltipShowDelay={300}
                localeText={{ noRowsToShow: all.length === 0 ? t('masterData.rules.empty') : t('masterData.rules.noMatch') }}
              />
            </div>
          )}
        </Card>
      </Stack>

      <RuleFormModal
        opened={form !== null}
        rule={form?.rule ?? null}
        trainers={trainers.data ?? []}
        studios={studios.data ?? []}
        studioGroupUuid={studioGroupUuid}
        onClose={() => setForm(null)}
      />
      <EndRuleModal rule={ending} studioGroupUuid={studioGroupUuid} onClose={() => setEnding(null)} />
      <DeleteRuleModal rule={deleting} studioGroupUuid={studioGroupUuid} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Ends a rule on a chosen day: classes up to and including it keep the rule. */
function EndRuleModal({ rule, studioGroupUuid, onClose }: { rule: TPaymentTypeRule | null; studioGroupUuid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = useUpdatePaymentTypeRule(studioGroupUuid);
  const [validTo, setValidTo] = useState<string | null>(null);
  const defaultEnd = toIsoDate(DateTime.local().endOf('month'));
  // This month's end, unless the rule ends earlier or has not started by then.
  let suggested = defaultEnd;
  if (rule?.validTo && rule.validTo < suggested) suggested = rule.validTo;
  if (rule && rule.validFrom > suggested) suggested = rule.validFrom;
  const chosen = validTo ?? suggested;

  const close = () => {
    setValidTo(null);
    update.reset();
    onClose();
  };
  const confirm = () => {
    if (!rule || !chosen) return;
    update.mutate(
      { uuid: rule.uuid, body: updateBodyOf(rule, { validTo: chosen, effectiveFrom: dayAfter(chosen) }) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
          close();
        },
      },
    );
  };

  return (
    <Modal opened={rule !== null} onClose={close} title={t('masterData.rules.end.title')} centered>
      {rule && (
        <Stack gap="md">
          <Text size="sm">{t('masterData.rules.end.text', { name: rule.name })}</Text>
          {update.isError && (
            <Alert color="red" icon={<IconAlert />} role="alert">
              {errorMessage(update.error)}
            </Alert>
          )}
          <DatePickerInput
            label={t('masterData.rules.end.validTo')}
            value={chosen}
            onChange={setValidTo}
            minDate={rule.validFrom}
            maxDate={rule.validTo ?? undefined}
            valueFormat={locale === 'de' ? 'DD.MM.YYYY' : 'DD/MM/YYYY'}
            data-testid="rule-end-date"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('masterData.common.cancel')}
            </Button>
            <Button color="orange" onClick={confirm} loading={update.isPending} data-testid="rule-end-confirm">
              {t('masterData.rules.end.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DeleteRuleModal({ rule, studioGroupUuid, onClose }: { rule: TPaymentTypeRule | null; studioGroupUuid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePaymentTypeRule(studioGroupUuid);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={rule !== null} onClose={close} title={t('masterData.rules.delete.title')} centered>
      {rule && (
        <Stack gap="md">
          <Text size="sm">{t('masterData.rules.delete.text', { name: rule.name })}</Text>
          {remove.isError && (
            <Alert color="red" icon={<IconAlert />} role="alert">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('masterData.common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(rule.uuid, {
                  onSuccess: (answer) => {
                    notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
                    close();
                  },
                })
              }
              data-testid="rule-delete-confirm"
            >
              {t('masterData.rules.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
