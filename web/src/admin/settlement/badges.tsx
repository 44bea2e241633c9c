import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Spec 4: trainer workflow states are grey, yellow or green; settlements are in progress, completed or archived.

const TRAINER_STATE_COLOR: Record<string, MantineColor> = {
  new: 'gray',
  data_created: 'yellow',
  preview_send: 'yellow',
  credit_note_created: 'yellow',
  credit_note_send: 'green',
  approved: 'green',
};

const TRAINER_STATES = ['new', 'data_created', 'preview_send', 'credit_note_created', 'credit_note_send', 'approved'] as const;
type KnownTrainerState = (typeof TRAINER_STATES)[number];
const isKnownTrainerState = (state: string): state is KnownTrainerState => (TRAINER_STATES as readonly string[]).includes(state);

/** A trainer's workflow state in a settlement; an empty or unknown state reads as 'new' (spec 4). */
export function TrainerStateBadge({ state, testId }: { state: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const known = state && isKnownTrainerState(state) ? state : 'new';
  return (
    <Badge color={TRAINER_STATE_COLOR[known]} variant="light" tt="none" data-testid={testId} data-state={known}>
      {t(`settlement.trainerState.${known}`)}
    </Badge>
  );
}

/** The 'Billed' badge of a trainer whose credit note was sent (spec 2.4). */
export function BilledBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="green" variant="filled" tt="none">
      {t('settlement.select.billed')}
    </Badge>
  );
}

const SETTLEMENT_STATUS_COLOR: Record<string, MantineColor> = {
  in_progress: 'blue',
  completed: 'green',
  archived: 'gray',
  deleted: 'red',
};

const SETTLEMENT_STATUSES = ['in_progress', 'completed', 'archived', 'deleted'] as const;
type KnownSettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
const isKnownSettlementStatus = (status: string): status is KnownSettlementStatus => (SETTLEMENT_STATUSES as readonly string[]).includes(status);

/** Spec 2.11 / 4: complete, archived, otherwise in progress. */
export function SettlementStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const known = isKnownSettlementStatus(status) ? status : 'in_progress';
  return (
    <Badge color={SETTLEMENT_STATUS_COLOR[known]} variant="light" size={size} tt="none" data-testid="settlement-status-badge" data-status={known}>
      {t(`settlement.status.${known}`)}
    </Badge>
  );
}
