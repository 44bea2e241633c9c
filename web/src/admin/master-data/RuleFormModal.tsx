import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_TIERS,
  ZCreatePaymentTypeRuleRequest,
  ZUpdatePaymentTypeRuleRequest,
  type TPaymentTypeRule,
} from '../../../../contracts/payment-type-rule.contract';
import type { TStudio } from '../../../../contracts/studio.contract';
import type { TTrainerListItem } from '../../../../contracts/trainer.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { toIsoDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { formatHundredthsForInput, parseHundredths } from './amounts';
import { fieldErrorOfServer, fieldErrorsOf, focusFirstError, translateMessage, useFormState, type FieldErrors } from '../../shared/forms';
import { useCreatePaymentTypeRule, useUpdatePaymentTypeRule } from './api';
import { todayIso } from './rule-display';
import { useAmountError } from './use-amount-error';
import { AmountInput } from './AmountInput';
import { IconPlus, IconTrash } from './icons';

type Kind = TPaymentTypeRule['kind'];
type Mode = TPaymentTypeRule['bookedSlotMode'];
type TierRow = { key: number; from: string; bonus: string };

type RuleForm = {
  name: string;
  trainerId: string | null;
  studioUuid: string | null;
  category: string;
  classNameFilter: string;
  validFrom: string | null;
  validTo: string | null;
  effectiveFrom: string | null;
  kind: Kind;
  flat: string;
  hourly: string;
  bookedSlotMode: Mode;
  threshold: string;
  perSlot: string;
  fixedBonus: string;
  tiers: TierRow[];
  min: string;
  max: string;
};

const BOOKED_SLOT_MODES: Mode[] = ['none', 'per_slot', 'tiers', 'fixed_bonus'];

/** The first day changes usually apply from: this month's first day, or a future rule's own start. */
function defaultEffectiveFrom(rule: TPaymentTypeRule): string {
  const monthStart = toIsoDate(DateTime.local().startOf('month'));
  return rule.validFrom > monthStart ? rule.validFrom : monthStart;
}

function formOf(rule: TPaymentTypeRule | null, locale: ReturnType<typeof useLocale>): RuleForm {
  const money = (cents: number | null | undefined) => formatHundredthsForInput(cents ?? null, locale);
  let key = 0;
  return {
    name: rule?.name ?? '',
    trainerId: rule?.trainer ? String(rule.trainer.id) : null,
    studioUuid: rule?.studio?.uuid ?? null,
    category: rule?.category ?? '',
    classNameFilter: rule?.classNameFilter ?? '',
    validFrom: rule ? rule.validFrom : todayIso().slice(0, 8) + '01',
    validTo: rule?.validTo ?? null,
    effectiveFrom: rule ? defaultEffectiveFrom(rule) : null,
    kind: rule?.kind ?? 'hourly',
    flat: money(rule?.flatCents),
    hourly: money(rule?.hourlyCents),
    bookedSlotMode: rule?.bookedSlotMode ?? 'none',
    threshold: rule?.bookedSlotThreshold === null || rule?.bookedSlotThreshold === undefined ? '' : String(rule.bookedSlotThreshold),
    perSlot: money(rule?.perSlotCents),
    fixedBonus: money(rule?.fixedBonusCents),
    tiers: (rule?.tiers ?? []).map((tier) => ({ key: key++, from: String(tier.fromBookedSlots), bonus: money(tier.bonusCents) })),
    min: money(rule?.minCents),
    max: money(rule?.maxCents),
  };
}

type Props = {
  opened: boolean;
  /** null: a new rule. */
  rule: TPaymentTypeRule | null;
  trainers: TTrainerListItem[];
  studios: TStudio[];
  studioGroupUuid: string;
  onClose: () => void;
};

/** Create or edit a payment type rule. An edit asks from which day it applies: past months keep their rate. */
export function RuleFormModal({ opened, rule, trainers, studios, studioGroupUuid, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Title order={3} fz="lg">{rule ? t('masterData.rules.form.editTitle') : t('masterData.rules.form.createTitle')}</Title>}
      size="xl"
      centered
    >
      {opened && <RuleForm key={rule?.uuid ?? 'new'} rule={rule} trainers={trainers} studios={studios} studioGroupUuid={studioGroupUuid} onClose={onClose} />}
    </Modal>
  );
}

function RuleForm({ rule, trainers, studios, studioGroupUuid, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amountError = useAmountError();
  const create = useCreatePaymentTypeRule(studioGroupUuid);
  const update = useUpdatePaymentTypeRule(studioGroupUuid);
  const form = useFormState<RuleForm>(() => formOf(rule, locale));
  const [problem, setProblem] = useState<string | null>(null);
  const [nextTierKey, setNextTierKey] = useState(1000);
  const { values, setField, errors } = form;
  const dateFormat = locale === 'de' ? 'DD.MM.YYYY' : 'DD/MM/YYYY';
  const saving = create.isPending || update.isPending;

  const text = (field: 'name' | 'category' | 'classNameFilter') => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => setField(field, event.currentTarget.value),
    error: errors[field],
    name: field,
    'data-testid': `rule-${field}`,
  });

  /** Reads the typed amounts and counts into the request, collecting what cannot be read. */
  function readForm(): { body: Record<string, unknown>; errors: FieldErrors } {
    const problems: FieldErrors = {};
    const cents = (typed: string, field: string) => {
      const parsed = parseHundredths(typed, locale);
      if (!parsed.ok) {
        problems[field] = amountError(parsed.reason, 'euro');
        return null;
      }
      return parsed.value;
    };
    const count = (typed: string, field: string) => {
      if (typed.trim() === '') return null;
      if (!/^\d+$/.test(typed.trim())) {
        problems[field] = translateMessage('masterData.rule.thresholdInvalid');
        return null;
      }
      return Number(typed.trim());
    };
    const mode = values.bookedSlotMode;
    const body: Record<string, unknown> = {
      name: values.name,
      trainerId: values.trainerId === null ? null : Number(values.trainerId),
      studioUuid: values.studioUuid,
      category: values.category,
      classNameFilter: values.classNameFilter,
      validTo: values.validTo,
      kind: values.kind,
      flatCents: values.kind === 'flat' ? cents(values.flat, 'flatCents') : null,
      hourlyCents: values.kind === 'hourly' ? cents(values.hourly, 'hourlyCents') : null,
      bookedSlotMode: mode,
      bookedSlotThreshold: mode === 'per_slot' || mode === 'fixed_bonus' ? count(values.threshold, 'bookedSlotThreshold') : null,
      perSlotCents: mode === 'per_slot' ? cents(values.perSlot, 'perSlotCents') : null,
      fixedBonusCents: mode === 'fixed_bonus' ? cents(values.fixedBonus, 'fixedBonusCents') : null,
      tiers:
        mode === 'tiers'
          ? values.tiers.map((tier, index) => ({
              fromBookedSlots: count(tier.from, `tiers.${index}.fromBookedSlots`),
              bonusCents: cents(tier.bonus, `tiers.${index}.bonusCents`),
            }))
          : null,
      minCents: cents(values.min, 'minCents'),
      maxCents: cents(values.max, 'maxCents'),
    };
    if (rule) body.effectiveFrom = values.effectiveFrom;
    else body.validFrom = values.validFrom;
    return { body, errors: problems };
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { body, errors: typed } = readForm();
    const showErrors = (fromSchema: FieldErrors) => {
      const all = { ...fromSchema, ...typed };
      form.setErrors(all);
      setProblem(t('masterData.common.fixErrors'));
      focusFirstError(all);
    };
    const handlers = {
      onSuccess: (answer: { message: string; outcome: string }) => {
        notifications.show({
          color: 'green',
          icon: <IconCheck size={16} />,
          message: answer.message,
          // The message of a replaced rule explains what happened to the past; give it time.
          autoClose: answer.outcome === 'replaced' ? 12_000 : 5_000,
        });
        onClose();
      },
      onError: (error: unknown) => {
        form.setErrors(fieldErrorOfServer(error));
        setProblem(errorMessage(error));
      },
    };
    if (rule) {
      const parsed = ZUpdatePaymentTypeRuleRequest.safeParse(body);
      if (!parsed.success || Object.keys(typed).length > 0) return showErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
      form.setErrors({});
      setProblem(null);
      update.mutate({ uuid: rule.uuid, body: parsed.data }, handlers);
    } else {
      const parsed = ZCreatePaymentTypeRuleRequest.safeParse(body);
      if (!parsed.success || Object.keys(typed).length > 0) return showErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
      form.setErrors({});
      setProblem(null);
      create.mutate(parsed.data, handlers);
    }
  };

  const trainerOptions = trainers.map((trainer) => ({ value: String(trainer.id), label: trainer.companyName ? `${trainer.name} (${trainer.companyName})` : trainer.name }));
  const studioOptions = studios.map((studio) => ({ value: studio.uuid, label: studio.name }));
  const tierError = (index: number, part: 'fromBookedSlots' | 'bonusCents') => errors[`tiers.${index}.${part}`];

  return (
    <form onSubmit={onSubmit} noValidate data-testid="rule-form">
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconInfo />} data-testid="rule-dated-info">
          {t('masterData.rules.datedInfo')}
        </Alert>
        {problem && (
          <Alert color="red" icon={<IconAlert />} title={t('masterData.common.notSaved')} role="alert" data-testid="form-error">
            {problem}
          </Alert>
        )}

        <TextInput label={t('masterData.rules.form.name')} placeholder={t('masterData.rules.form.namePlaceholder')} required data-autofocus {...text('name')} />

        <Divider label={t('masterData.rules.form.narrowing')} labelPosition="left" />
        <Text size="xs" c="dimmed" mt={-8}>
          {t('masterData.rules.form.narrowingHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('masterData.rules.form.trainer')}
            placeholder={t('masterData.rules.form.anyTrainer')}
            data={trainerOptions}
            value={values.trainerId}
            onChange={(value) => setField('trainerId', value)}
            searchable
            clearable
            nothingFoundMessage={t('masterData.rules.form.nothingFound')}
            error={errors.trainerId}
            name="trainerId" data-testid="rule-trainer"
          />
          <Select
            label={t('masterData.rules.form.studio')}
            placeholder={t('masterData.rules.form.anyStudio')}
            data={studioOptions}
            value={values.studioUuid}
            onChange={(value) => setField('studioUuid', value)}
            clearable
            error={errors.studioUuid}
            name="studioUuid" data-testid="rule-studio"
          />
          <TextInput label={t('masterData.rules.form.category')} placeholder={t('masterData.rules.form.categoryPlaceholder')} description={t('masterData.rules.form.categoryHint')} {...text('category')} />
          <TextInput label={t('masterData.rules.form.classNameFilter')} placeholder={t('masterData.rules.form.classNameFilterPlaceholder')} description={t('masterData.rules.form.classNameFilterHint')} {...text('classNameFilter')} />
        </SimpleGrid>

        <Divider label={t('masterData.rules.form.validity')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {rule ? (
            <DatePickerInput
              label={t('masterData.rules.form.effectiveFrom')}
              description={t('masterData.rules.form.effectiveFromHint')}
              value={values.effectiveFrom}
              onChange={(value) => setField('effectiveFrom', value)}
              valueFormat={dateFormat}
              required
              error={errors.effectiveFrom}
              name="effectiveFrom" data-testid="rule-effectiveFrom"
            />
          ) : (
            <DatePickerInput
              label={t('masterData.rules.form.validFrom')}
              value={values.validFrom}
              onChange={(value) => setField('validFrom', value)}
              valueFormat={dateFormat}
              required
              error={errors.validFrom}
              name="validFrom" data-testid="rule-validFrom"
            />
          )}
          <DatePickerInput
            label={t('masterData.rules.form.validTo')}
            description={t('masterData.rules.form.validToHint')}
            placeholder={t('masterData.rules.openEnded')}
            value={values.validTo}
            onChange={(value) => setField('validTo', value)}
            valueFormat={dateFormat}
            clearable
            error={errors.validTo}
            name="validTo" data-testid="rule-validTo"
          />
        </SimpleGrid>
        {rule && (
          <Text size="xs" c="dimmed" data-testid="rule-current-validity">
            {t('masterData.rules.form.currentValidity', {
              from: DateTime.fromISO(rule.validFrom).toFormat(locale === 'de' ? 'dd.MM.yyyy' : 'dd/MM/yyyy'),
            })}
          </Text>
        )}

        <Divider label={t('masterData.rules.form.pay')} labelPosition="left" />
        <Input.Wrapper label={t('masterData.rules.form.kind')}>
          <SegmentedControl
            mt={4}
            fullWidth
            value={values.kind}
            onChange={(value) => setField('kind', value === 'flat' ? 'flat' : 'hourly')}
            data={[
              { value: 'hourly', label: t('masterData.rules.form.kinds.hourly') },
              { value: 'flat', label: t('masterData.rules.form.kinds.flat') },
            ]}
            data-testid="rule-kind"
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {values.kind === 'flat' ? (
            <AmountInput unit="euro" label={t('masterData.rules.form.flatCents')} required value={values.flat} onChange={(value) => setField('flat', value)} error={errors.flatCents} name="flatCents" data-testid="rule-flat" />
          ) : (
            <AmountInput
              unit="euro"
              label={t('masterData.rules.form.hourlyCents')}
              description={t('masterData.rules.form.hourlyHint')}
              required
              value={values.hourly}
              onChange={(value) => setField('hourly', value)}
              error={errors.hourlyCents}
              name="hourlyCents" data-testid="rule-hourly"
            />
          )}
          <AmountInput unit="euro" label={t('masterData.rules.form.minCents')} description={t('masterData.common.optional')} value={values.min} onChange={(value) => setField('min', value)} error={errors.minCents} name="minCents" data-testid="rule-min" />
          <AmountInput unit="euro" label={t('masterData.rules.form.maxCents')} description={t('masterData.common.optional')} value={values.max} onChange={(value) => setField('max', value)} error={errors.maxCents} name="maxCents" data-testid="rule-max" />
        </SimpleGrid>

        <Divider label={t('masterData.rules.form.bookedSlots')} labelPosition="left" />
        <Select
          label={t('masterData.rules.form.bookedSlotMode')}
          data={BOOKED_SLOT_MODES.map((mode) => ({ value: mode, label: t(`masterData.rules.form.modes.${mode}`) }))}
          value={values.bookedSlotMode}
          onChange={(value) => value && setField('bookedSlotMode', value as Mode)}
          allowDeselect={false}
          data-testid="rule-mode"
        />
        {(values.bookedSlotMode === 'per_slot' || values.bookedSlotMode === 'fixed_bonus') && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('masterData.rules.form.threshold')}
              description={values.bookedSlotMode === 'per_slot' ? t('masterData.rules.form.perSlotThresholdHint') : t('masterData.rules.form.fixedBonusThresholdHint')}
              inputMode="numeric"
              required
              value={values.threshold}
              onChange={(event) => setField('threshold', event.currentTarget.value)}
              error={errors.bookedSlotThreshold}
              name="bookedSlotThreshold" data-testid="rule-threshold"
            />
            {values.bookedSlotMode === 'per_slot' ? (
              <AmountInput unit="euro" label={t('masterData.rules.form.perSlotCents')} required value={values.perSlot} onChange={(value) => setField('perSlot', value)} error={errors.perSlotCents} name="perSlotCents" data-testid="rule-perSlot" />
            ) : (
              <AmountInput unit="euro" label={t('masterData.rules.form.fixedBonusCents')} required value={values.fixedBonus} onChange={(value) => setField('fixedBonus', value)} error={errors.fixedBonusCents} name="fixedBonusCents" data-testid="rule-fixedBonus" />
            )}
          </SimpleGrid>
        )}
        {values.bookedSlotMode === 'tiers' && (
          <Stack gap="xs" data-testid="rule-tiers">
            <Text size="sm" c="dimmed">
              {t('masterData.rules.form.tiersHint')}
            </Text>
            {errors.tiers && (
              <Text size="sm" c="red">
                {errors.tiers}
              </Text>
            )}
            {values.tiers.map((tier, index) => (
              <Group key={tier.key} align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  label={index === 0 ? t('masterData.rules.form.tierFrom') : undefined}
                  aria-label={t('masterData.rules.form.tierFrom')}
                  inputMode="numeric"
                  value={tier.from}
                  onChange={(event) => {
                    const from = event.currentTarget.value;
                    setField('tiers', values.tiers.map((row) => (row.key === tier.key ? { ...row, from } : row)));
                  }}
                  error={tierError(index, 'fromBookedSlots')}
                  style={{ flex: 1 }}
                />
                <AmountInput
                  unit="euro"
                  label={index === 0 ? t('masterData.rules.form.tierBonus') : undefined}
                  aria-label={t('masterData.rules.form.tierBonus')}
                  value={tier.bonus}
                  onChange={(bonus) => setField('tiers', values.tiers.map((row) => (row.key === tier.key ? { ...row, bonus } : row)))}
                  error={tierError(index, 'bonusCents')}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={index === 0 ? 28 : 4}
                  aria-label={t('masterData.rules.form.removeTier')}
                  onClick={() => setField('tiers', values.tiers.filter((row) => row.key !== tier.key))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={values.tiers.length >= MAX_TIERS}
                onClick={() => {
                  setField('tiers', [...values.tiers, { key: nextTierKey, from: '', bonus: '' }]);
                  setNextTierKey((key) => key + 1);
                }}
                data-testid="rule-add-tier"
              >
                {t('masterData.rules.form.addTier')}
              </Button>
            </Group>
          </Stack>
        )}

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('masterData.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="rule-save">
            {rule ? t('masterData.rules.form.save') : t('masterData.rules.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
