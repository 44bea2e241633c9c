import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TSendStreamMessage } from '../../../../../contracts/review.contract';
import { errorMessage } from '../../../shared/api/client';
import { IconAlert, IconArrowLeft, IconCheck, IconInfo, IconPlay } from '../../../shared/components/icons';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useStreamedRun } from '../../../shared/streams/use-streamed-run';
import { AccountingEmailForm } from '../credit-notes/AccountingEmailForm';
import { creditNoteRunProgress, creditNoteRunReducer, initialCreditNoteRunState } from '../credit-notes/credit-note-run';
import { billableUuids, creditNoteCandidates, initialSelection, parsePreselection, payoutsByTrainer } from '../credit-notes/credit-note-selection';
import { settlementRunQueryKeys, useSettlementRuns } from '../../credit-notes/api';
import { sendCreditNotes, settlementQueryKeys, useAccountingEmail, useBillableTrainers } from '../api';
import { CreditNoteRunProgress } from '../credit-notes/CreditNoteRunProgress';
import { CreditNoteTrainerList } from '../credit-notes/CreditNoteTrainerList';
import { SmallBusinessLimitsPanel } from '../small-business/SmallBusinessLimitsPanel';
import { useWizardErrors } from '../wizard/wizard-errors';
import type { WizardStepProps } from '../wizard/wizard-types';

const REVIEW_STEP = 3;
const SUMMARY_STEP = 5;

/**
 * Step 5 'Create credit notes' (spec 2.8, 2.9, 4 "Credit-note send stream"): the admin checks the
 * trainers to bill and starts a credit-note run; the run (in the settlement's workflow) numbers,
 * renders and e-mails each credit note, then makes the SEPA file, the ZIP and the studio-costs CSV.
 * The answer streams a message per trainer; afterwards the accounting e-mail of the run is sent
 * from here. A settlement may have several runs: trainers approved later go in a new one.
 * The preview check's 'Send credit notes' and 'Yes, send to all' (spec 2.10) confirm the sending
 * there and land here with `start=1`: the run starts once the trainers are loaded, by the same call
 * as the 'Create credit notes' button, and this step shows its live progress.
 */
export function CreditNotesStep({ group, settlementUuid, month, settlement, goToStep }: WizardStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { report } = useWizardErrors();
  const [searchParams, setSearchParams] = useSearchParams();
  const workflow = settlement?.workflow ?? null;
  const trainerReview = workflow?.trainerReview ?? settlement?.trainerReview ?? false;
  const inProgress = settlement?.status === 'in_progress';
  const billable = useBillableTrainers(group, settlementUuid, month);
  // The runs' per-trainer result: each billed trainer's payout status beside 'billed'.
  const runs = useSettlementRuns(group, settlementUuid, { enabled: Boolean(settlement) });
  const payouts = useMemo(() => payoutsByTrainer(runs.data ?? []), [runs.data]);
  const [state, dispatch] = useReducer(creditNoteRunReducer, initialCreditNoteRunState);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [smallBusinessConfirmed, setSmallBusinessConfirmed] = useState(false);
  const run = useStreamedRun();

  const candidates = useMemo(() => creditNoteCandidates({ rows: billable.data?.rows ?? [], workflow, trainerReview }), [billable.data, workflow, trainerReview]);
  const preselection = parsePreselection(searchParams.get('trainers'));
  const allowed = new Set(billableUuids(candidates));
  const selection = (picked ?? initialSelection(candidates, preselection)).filter((uuid) => allowed.has(uuid));

  const running = state.phase === 'running';
  // A run started elsewhere (another tab, before a reload) shows as the workflow reports it.
  const lastRun = workflow?.creditNoteRun ?? null;
  const elsewhere = !running && lastRun?.phase === 'running' && lastRun.runUuid !== state.runUuid ? lastRun : null;
  const finished = state.phase === 'finished' || (state.phase !== 'running' && !elsewhere && lastRun?.phase === 'done');
  // The accounting e-mail belongs to the run just streamed, else to the last finished one.
  const accountingRunUuid = state.phase === 'finished' ? state.runUuid : !running && lastRun?.phase === 'done' ? lastRun.runUuid : null;
  const accountingEmail = useAccountingEmail(group, settlementUuid, accountingRunUuid);

  const start = async () => {
    const trainerUuids = selection;
    if (trainerUuids.length === 0) return;
    const runUuid = crypto.randomUUID();
    dispatch({ type: 'start', runUuid, total: trainerUuids.length });
    await run<TSendStreamMessage>({
      read: ({ signal, onMessage }) => sendCreditNotes({ group, settlementUuid, runUuid, month, trainerUuids, confirmSmallBusinessLimit: smallBusinessConfirmed, signal, onMessage }),
      onMessage: (message) => dispatch({ type: 'message', message }),
      onEnded: () => dispatch({ type: 'streamEnded' }),
      onFailed: ({ message: text }) => {
        dispatch({ type: 'failed', error: text });
        report(text);
      },
      onSettled: () => {
        // The billed trainers drop out of the list; what is left (approved later) is the next run's default.
        setPicked(null);
        if (searchParams.has('trainers') || searchParams.has('start')) {
          setSearchParams(
            (params) => {
              const next = new URLSearchParams(params);
              next.delete('trainers');
              // The updater sees the parameters of the render that started the run.
              next.delete('start');
              return next;
            },
            { replace: true },
          );
        }
      },
      invalidate: [{ queryKey: settlementQueryKeys.detail(settlementUuid) }, { queryKey: settlementRunQueryKeys.lists() }],
    });
  };

  // Started once per landing: the parameter goes at once, so a reload shows the run without a second one.
  const startRequested = searchParams.get('start') === '1';
  const autoStarted = useRef(false);
  const canStart = inProgress && !billable.isPending && !billable.isError && Boolean(workflow) && !running && !elsewhere;
  useEffect(() => {
    if (!startRequested || autoStarted.current || !canStart) return;
    autoStarted.current = true;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('start');
        return next;
      },
      { replace: true },
    );
    if (selection.length === 0) {
      report(t('creditNoteStep.nothingToSend'));
      return;
    }
    void start();
  });

  if (!settlement || !workflow) {
    return (
      <Alert color="yellow" icon={<IconInfo />} data-testid="credit-notes-unavailable">
        {t('creditNoteStep.unavailable')}
      </Alert>
    );
  }

  const percent = elsewhere ? Math.round(((elsewhere.issued + elsewhere.refused) * 100) / Math.max(1, elsewhere.total)) : creditNoteRunProgress(state);
  const statusText = running
    ? t('creditNoteStep.status.sending', { done: state.processedTrainerUuids.length, total: state.total ?? 0 })
    : elsewhere
      ? t('creditNoteStep.status.sending', { done: elsewhere.issued + elsewhere.refused, total: elsewhere.total })
      : state.phase === 'finished'
        ? t('creditNoteStep.status.finished')
        : state.phase === 'failed'
          ? t('creditNoteStep.status.failed')
          : t('creditNoteStep.status.idle', { count: allowed.size });
  const statusHint = running || elsewhere
    ? t('creditNoteStep.status.sendingHint')
    : state.phase === 'finished'
      ? t('creditNoteStep.status.finishedCounts', { created: state.created, failed: state.failed })
      : state.phase === 'failed'
        ? state.error
        : lastRun?.phase === 'done'
          ? t('creditNoteStep.status.lastRun', { created: lastRun.issued, failed: lastRun.refused })
          : null;
  const emailsDone = state.phase === 'finished' || (state.phase === 'idle' && (workflow.runUuids.length > 0 || workflow.billedTrainerUuids.length > 0));

  return (
    <Stack gap="md" data-testid="settlement-credit-notes-step">
      <Card>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} maw={680}>
              <Title order={3} fz="lg">
                {t('creditNoteStep.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {trainerReview ? t('creditNoteStep.infoReview') : t('creditNoteStep.infoNoReview')}
              </Text>
            </Stack>
            {trainerReview && (
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void goToStep(REVIEW_STEP)} disabled={running || !inProgress} data-testid="credit-notes-back">
                {t('creditNoteStep.backToReview')}
              </Button>
            )}
          </Group>

          {billable.isPending ? (
            <Center mih={120}>
              <Loader type="dots" aria-label={t('common.loading')} />
            </Center>
          ) : billable.isError ? (
            <Alert color="red" icon={<IconAlert />} data-testid="credit-notes-trainers-error">
              {errorMessage(billable.error)}
            </Alert>
          ) : (
            <CreditNoteTrainerList candidates={candidates} selected={selection} onChange={setPicked} disabled={running || Boolean(elsewhere) || !inProgress} payouts={payouts} />
          )}

          {inProgress && <SmallBusinessLimitsPanel group={group} settlementUuid={settlementUuid} selection={selection} confirmed={smallBusinessConfirmed} onConfirm={setSmallBusinessConfirmed} disabled={running} />}

          {inProgress && (
            <Group gap="sm" align="flex-start">
              <Button
                leftSection={<IconPlay size={16} />}
                onClick={() => void start()}
                loading={running}
                disabled={selection.length === 0 || Boolean(elsewhere) || billable.isPending}
                data-testid="credit-notes-create"
              >
                {t('creditNoteStep.create')}
              </Button>
              <Stack gap={2}>
                <Button variant="light" color={emailsDone ? 'green' : 'gray'} leftSection={emailsDone ? <IconCheck size={16} /> : undefined} disabled data-testid="credit-notes-send-emails">
                  {t('creditNoteStep.sendEmails')}
                </Button>
                <Text size="xs" c="dimmed" maw={360} data-testid="credit-notes-send-emails-note">
                  {emailsDone ? t('creditNoteStep.sendEmailsDone') : t('creditNoteStep.sendEmailsWithRun')}
                </Text>
              </Stack>
            </Group>
          )}

          <CreditNoteRunProgress
            statusText={statusText}
            statusHint={statusHint}
            percent={percent}
            showBar={running || Boolean(elsewhere) || state.phase === 'finished'}
            running={running || Boolean(elsewhere)}
            started={state.phase !== 'idle'}
            messages={state.messages}
          />

          {finished && (
            <Group gap="sm">
              <Button component={Link} to={`/${locale}/admin/settlement/${settlementUuid}`} variant="light" data-testid="credit-notes-trainer-overview">
                {t('creditNoteStep.toTrainerOverview')}
              </Button>
              {inProgress && (
                <Button variant="default" onClick={() => void goToStep(SUMMARY_STEP)} data-testid="credit-notes-to-summary">
                  {t('creditNoteStep.toSummary')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Card>

      {accountingRunUuid && (
        <Card data-testid="credit-notes-accounting">
          {accountingEmail.isPending ? (
            <Center mih={120}>
              <Loader type="dots" aria-label={t('common.loading')} />
            </Center>
          ) : accountingEmail.isError ? (
            <Alert color="red" icon={<IconAlert />} data-testid="accounting-email-load-error">
              {errorMessage(accountingEmail.error)}
            </Alert>
          ) : (
            <AccountingEmailForm key={accountingRunUuid} group={group} email={accountingEmail.data} />
          )}
        </Card>
      )}
    </Stack>
  );
}
