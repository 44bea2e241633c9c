import { Alert, Button, Card, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PREPARATION_PHASES,
  type TPreparationPhase,
  type TSettlementDetail,
  type TSettlementWorkflowState,
} from '../../../../../contracts/settlement.contract';
import { errorMessage } from '../../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo, IconPlay } from '../../../shared/components/icons';
import { AdminPositionsPanel } from '../AdminPositionsPanel';
import { TrainerPreview } from '../TrainerPreview';
import { TrainerSummaryGrid } from '../TrainerSummaryGrid';
import { runPreparationCall, settlementQueryKeys, useCreateSettlement, useTrainerList, useTrainerSummary } from '../api';
import { isPreparationRunning } from '../use-settlement-live-updates';
import { useWizardErrors } from '../wizard/wizard-errors';
import type { WizardStepProps } from '../wizard/wizard-types';

/** Spec 4 / 9: the bar hides 500 ms after the preparation reached 100 %. */
const HIDE_PROGRESS_AFTER_MS = 500;

const sameTrainers = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Step 2 (spec 2.5, 4): prepare the month's data for the selected trainers in three calls
 * (invoice data 33 %, classes 66 %, trainers 100 %), then the trainer summary grid; a row shows
 * that trainer's preview table. The preparation runs in the settlement's workflow: a reload or a
 * second tab follows it live and nothing is lost when the browser closes.
 */
export function PrepareDataStep({ group, settlementUuid, month, settlement, goToStep, followWorkflow }: WizardStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { report } = useWizardErrors();
  const workflow = settlement?.workflow ?? null;
  const preparation = workflow?.preparation ?? null;
  const prepared = preparation?.phase === 'done';
  const createSettlement = useCreateSettlement(group, settlementUuid);
  // Spec 8: 'Error creating settlement entity.', then the server's reason.
  const entityCreateFailed = (error: unknown) => [t('settlement.entityCreateFailed'), errorMessage(error)].filter(Boolean).join(' ');

  const [running, setRunning] = useState(false);
  const [showProgress, setShowProgress] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [previewTrainer, setPreviewTrainer] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const summary = useTrainerSummary({ group, uuid: settlementUuid, month, enabled: prepared && !running });
  const trainerList = useTrainerList({ group, uuid: settlementUuid, month, enabled: prepared && !running });

  const applyState = (state: TSettlementWorkflowState) =>
    queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(settlementUuid), (detail) =>
      detail ? { ...detail, workflow: state, step: state.step, status: state.status } : detail,
    );

  /** Runs the preparation calls from `from` on; the first starts a preparation, the others wait for their phase. */
  const runPhases = async (from: TPreparationPhase) => {
    if (!month || running) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setShowProgress(true);
    setFailed(null);
    if (from === 'invoice-data' && workflow) {
      // The new run starts at 0 %; progress events of it then move this cached state on.
      applyState({ ...workflow, preparation: { ...workflow.preparation, phase: 'invoice-data', percent: 0, processed: 0, error: null } });
    }
    try {
      for (const phase of PREPARATION_PHASES.slice(PREPARATION_PHASES.indexOf(from))) {
        const answer = await runPreparationCall({ group, uuid: settlementUuid, month, phase, signal: controller.signal });
        applyState(answer.state);
      }
      await new Promise((resolve) => window.setTimeout(resolve, HIDE_PROGRESS_AFTER_MS));
      if (controller.signal.aborted) return;
      setShowProgress(false);
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) });
    } catch (error) {
      if (controller.signal.aborted) return;
      // Spec 8: 'Error creating data'; the bar goes back to 0 %.
      const message = t('settlement.prepare.failed', { message: errorMessage(error) });
      setFailed(message);
      report(message);
      setShowProgress(false);
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid), exact: true });
    } finally {
      if (!controller.signal.aborted) setRunning(false);
    }
  };

  // A preparation started elsewhere (another tab, before a reload) is followed to its end.
  const phase = preparation?.phase;
  // (Only the phase is a dependency on purpose: runPhases does nothing while a run is followed already.)
  useEffect(() => {
    if (!running && phase && isPreparationRunning(phase)) void runPhases(phase === 'invoice-data' ? 'class' : (phase as TPreparationPhase));
  }, [phase]);

  if (!settlement || !workflow || !preparation || !month) {
    return (
      <Alert color="yellow" icon={<IconInfo />} data-testid="prepare-unavailable">
        {t('settlement.prepare.unavailable')}
      </Alert>
    );
  }

  const inProgress = settlement.status === 'in_progress';
  const percent = running || isPreparationRunning(preparation.phase) ? preparation.percent : prepared ? 100 : 0;
  const selectionChanged = prepared && !sameTrainers(workflow.selectedTrainerUuids, preparation.preparedTrainerUuids);
  const rows = summary.data ?? [];
  const chosenTrainer = previewTrainer && rows.some((row) => row.trainer_uuid === previewTrainer) ? previewTrainer : null;
  const chosenRow = rows.find((row) => row.trainer_uuid === chosenTrainer) ?? null;
  const showData = prepared && !showProgress;

  return (
    <Stack gap="md" data-testid="settlement-prepare-step">
      <Card>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} maw={620}>
              <Title order={3} fz="lg">
                {t('settlement.prepare.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settlement.prepare.info', { count: workflow.selectedTrainerUuids.length })}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void goToStep(0)} disabled={running || !inProgress} data-testid="prepare-back">
                {t('settlement.prepare.back')}
              </Button>
              {inProgress && (
                <Button
                  leftSection={<IconPlay size={16} />}
                  onClick={() => void runPhases('invoice-data')}
                  loading={running}
                  variant={prepared && !selectionChanged ? 'light' : 'filled'}
                  data-testid="prepare-start"
                >
                  {prepared ? t('settlement.prepare.reload') : t('settlement.prepare.start')}
                </Button>
              )}
            </Group>
          </Group>

          {(showProgress || running || isPreparationRunning(preparation.phase)) && (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="prepare-status">
                  {isPreparationRunning(preparation.phase)
                    ? t(`settlement.prepare.phases.${preparation.phase as TPreparationPhase}`, { processed: preparation.processed, total: preparation.total })
                    : t('settlement.prepare.phases.done')}
                </Text>
                <Text size="sm" c="dimmed" ff="monospace" data-testid="prepare-percent">
                  {percent}%
                </Text>
              </Group>
              <Progress
                data-testid="prepare-progress"
                data-value={percent}
                aria-label={t('settlement.prepare.progressLabel')}
                value={percent}
                size="lg"
                radius="xl"
                striped={running}
                animated={running}
                color={percent >= 100 ? 'green' : 'brand'}
                transitionDuration={300}
              />
            </Stack>
          )}

          {(failed ?? (preparation.phase === 'failed' ? preparation.error : null)) && (
            <Alert color="red" icon={<IconAlert />} role="alert" data-testid="prepare-error">
              {failed ?? t('settlement.prepare.failed', { message: preparation.error ?? '' })}
            </Alert>
          )}
          {selectionChanged && !running && (
            <Alert color="yellow" icon={<IconInfo />} data-testid="prepare-selection-changed">
              {t('settlement.prepare.selectionChanged')}
            </Alert>
          )}
          {!prepared && !running && preparation.phase === 'none' && (
            <Text size="sm" c="dimmed" data-testid="prepare-hint">
              {t('settlement.prepare.hint')}
            </Text>
          )}
        </Stack>
      </Card>

      {showData && (
        <>
          <Card p={0} style={{ overflow: 'hidden' }}>
            <Group justify="space-between" p="md" pb="sm">
              <Title order={4} fz="md">
                {t('settlement.prepare.summaryTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settlement.prepare.summaryHint')}
              </Text>
            </Group>
            {summary.isError ? (
              <Alert m="md" color="red" icon={<IconAlert />} data-testid="summary-error">
                {errorMessage(summary.error)}
              </Alert>
            ) : (
              <TrainerSummaryGrid rows={rows} selectedTrainerUuid={chosenTrainer} onSelect={(row) => setPreviewTrainer(row.trainer_uuid)} />
            )}
          </Card>

          <Card data-testid="preview-card">
            <Group justify="space-between" mb="sm" gap="sm">
              <Title order={4} fz="md">
                {chosenRow ? t('settlement.prepare.previewTitle', { trainer: chosenRow.Trainer }) : t('settlement.prepare.previewNone')}
              </Title>
              <Select
                w={280}
                placeholder={t('settlement.prepare.pickTrainer')}
                aria-label={t('settlement.prepare.pickTrainer')}
                searchable
                value={chosenTrainer}
                onChange={setPreviewTrainer}
                data={(trainerList.data ?? []).map((item) => ({ value: item.trainerUuid, label: item.trainerName }))}
                data-testid="preview-trainer-select"
              />
            </Group>
            {chosenTrainer ? (
              <TrainerPreview group={group} settlementUuid={settlementUuid} month={month} trainerUuid={chosenTrainer} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('settlement.prepare.previewPick')}
              </Text>
            )}
          </Card>
          {inProgress && chosenTrainer && chosenRow && (
            <AdminPositionsPanel group={group} settlementUuid={settlementUuid} trainerUuid={chosenTrainer} trainerName={chosenRow.Trainer} />
          )}

          {inProgress && (
            <Card data-testid="prepare-next">
              <Group justify="space-between" gap="md">
                <Text size="sm" c="dimmed" maw={560}>
                  {workflow.trainerReview === null ? t('settlement.prepare.nextHint') : t('settlement.prepare.nextChosen')}
                </Text>
                {workflow.trainerReview === null ? (
                  <Group gap="sm">
                    <Button
                      onClick={() => createSettlement.mutate({ month, trainerReview: true }, { onSuccess: (answer) => followWorkflow(answer.state.step), onError: (error) => report(entityCreateFailed(error)) })}
                      loading={createSettlement.isPending && createSettlement.variables?.trainerReview === true}
                      disabled={running || selectionChanged || createSettlement.isPending}
                      data-testid="prepare-with-preview"
                    >
                      {t('settlement.prepare.withPreview')}
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => createSettlement.mutate({ month, trainerReview: false }, { onSuccess: (answer) => followWorkflow(answer.state.step), onError: (error) => report(entityCreateFailed(error)) })}
                      loading={createSettlement.isPending && createSettlement.variables?.trainerReview === false}
                      disabled={running || selectionChanged || createSettlement.isPending}
                      data-testid="prepare-skip-preview"
                    >
                      {t('settlement.prepare.skipPreview')}
                    </Button>
                  </Group>
                ) : (
                  <Button onClick={() => void goToStep(workflow.maxReachableStep)} disabled={running} data-testid="prepare-continue">
                    {t('settlement.prepare.continue', { step: workflow.maxReachableStep + 1 })}
                  </Button>
                )}
              </Group>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
