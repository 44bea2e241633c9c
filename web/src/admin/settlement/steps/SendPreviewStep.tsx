import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title, type MantineColor } from '@mantine/core';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TSendStreamMessage } from '../../../../../contracts/review.contract';
import { errorMessage } from '../../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo, IconPlay } from '../../../shared/components/icons';
import { formatMonth } from '../../../shared/format';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useStreamedRun } from '../../../shared/streams/use-streamed-run';
import { StreamMessageLog } from '../../shared/StreamMessageLog';
import { SendPreviewModal } from '../SendPreviewModal';
import { SEND_PREVIEW_MODAL, useOpenRequest } from '../wizard/wizard-links';
import { reviewQueryKeys, sendPreviews, settlementQueryKeys, useTrainerList } from '../api';
import { initialSendPreviewState, sendPreviewProgress, sendPreviewReducer } from './send-preview-run';
import { useWizardErrors } from '../wizard/wizard-errors';
import type { WizardStepProps } from '../wizard/wizard-types';

/** Spec 4 / 9: the bar hides 500 ms after the sending ended. */
const HIDE_PROGRESS_AFTER_MS = 500;

/** Spec 2.6 / 9: the message list is 100 px high, 400 px once sending starts. */
const LIST_HEIGHT_IDLE = 100;
const LIST_HEIGHT_SENDING = 400;

const SEND_BADGE_COLOR: Record<TSendStreamMessage['status'], MantineColor> = {
  config: 'gray',
  success: 'green',
  info: 'blue',
  error: 'red',
  finished_club: 'teal',
  finished_studiogroup: 'teal',
};
const FILLED: TSendStreamMessage['status'][] = ['finished_studiogroup'];

/**
 * Step 3 (spec 2.6, 4 "Preview send"): the admin sends each selected trainer a preview of their
 * settlement (a review in the portal, a notification and an e-mail). The answer streams one message
 * per trainer; the sending itself runs in the settlement's workflow, so a closed tab loses nothing.
 */
export function SendPreviewStep({ group, settlementUuid, month, settlement, goToStep }: WizardStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { report } = useWizardErrors();
  const workflow = settlement?.workflow ?? null;
  const trainerList = useTrainerList({ group, uuid: settlementUuid, month });
  const [modalOpen, setModalOpen] = useState(false);
  // The wizard menu's 'send preview to trainers' (spec 2.2) opens the modal once the trainers are known.
  useOpenRequest(Boolean(trainerList.data) && settlement?.status === 'in_progress', (requested) => setModalOpen(requested === SEND_PREVIEW_MODAL));
  const [state, dispatch] = useReducer(sendPreviewReducer, initialSendPreviewState);
  const [showProgress, setShowProgress] = useState(false);
  const run = useStreamedRun();

  const sending = state.phase === 'sending';
  const inProgress = settlement?.status === 'in_progress';
  const sentUuids = workflow?.previewSentTrainerUuids ?? [];
  // A sending started elsewhere (another tab, before a reload) shows as the workflow reports it.
  const elsewhere = !sending && workflow?.previewSend?.phase === 'sending' ? workflow.previewSend : null;

  useEffect(() => {
    if (state.phase !== 'finished' && state.phase !== 'failed') return;
    const timer = window.setTimeout(() => setShowProgress(false), HIDE_PROGRESS_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [state.phase]);

  const send = async ({ trainerUuids, message }: { trainerUuids: string[]; message: string }) => {
    setModalOpen(false);
    dispatch({ type: 'start', total: trainerUuids.length });
    setShowProgress(true);
    await run<TSendStreamMessage>({
      read: ({ signal, onMessage }) => sendPreviews({ group, settlementUuid, month, trainerUuids, message, signal, onMessage }),
      onMessage: (streamed) => dispatch({ type: 'message', message: streamed }),
      onEnded: () => dispatch({ type: 'streamEnded' }),
      onFailed: ({ message: text }) => {
        dispatch({ type: 'failed', error: text });
        report(text);
      },
      invalidate: [
        { queryKey: settlementQueryKeys.detail(settlementUuid), exact: true },
        { queryKey: reviewQueryKeys.reviews(settlementUuid) },
        { queryKey: settlementQueryKeys.trainerList(settlementUuid) },
      ],
    });
  };

  if (!settlement || !workflow) {
    return (
      <Alert color="yellow" icon={<IconInfo />} data-testid="send-preview-unavailable">
        {t('sendPreview.unavailable')}
      </Alert>
    );
  }

  const trainers = trainerList.data ?? [];
  const percent = sendPreviewProgress(state);
  const statusText = sending
    ? t('sendPreview.status.sending', { done: state.processed, total: state.total ?? 0 })
    : state.phase === 'finished'
      ? t('sendPreview.status.finished', { done: state.processed, total: state.total ?? 0 })
      : state.phase === 'failed'
        ? t('sendPreview.status.failed')
        : elsewhere
          ? t('sendPreview.status.sending', { done: elsewhere.processed, total: elsewhere.total })
          : t('sendPreview.status.idle', { sent: sentUuids.length, total: trainers.length });

  return (
    <Stack gap="md" data-testid="settlement-send-preview-step">
      <Card>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} maw={620}>
              <Title order={3} fz="lg">
                {t('sendPreview.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('sendPreview.info')}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void goToStep(1)} disabled={sending || !inProgress} data-testid="send-preview-back">
                {t('sendPreview.data')}
              </Button>
              {inProgress && (
                <Button
                  leftSection={<IconPlay size={16} />}
                  onClick={() => setModalOpen(true)}
                  loading={sending}
                  disabled={trainerList.isPending || trainers.length === 0 || Boolean(elsewhere)}
                  data-testid="send-preview-open"
                >
                  {t('sendPreview.send')}
                </Button>
              )}
              <Button variant="light" onClick={() => void goToStep(3)} disabled={sending || !inProgress} data-testid="send-preview-feedback">
                {t('sendPreview.feedback')}
              </Button>
            </Group>
          </Group>

          {trainerList.isError && (
            <Alert color="red" icon={<IconAlert />} data-testid="send-preview-trainers-error">
              {month ? t('sendPreview.trainersError', { month: formatMonth(month, locale) }) : errorMessage(trainerList.error)}
            </Alert>
          )}

          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="send-preview-status">
                {statusText}
              </Text>
              {(showProgress || elsewhere) && (
                <Text size="sm" c="dimmed" ff="monospace">
                  {elsewhere && !showProgress ? Math.round((elsewhere.processed * 100) / Math.max(1, elsewhere.total)) : percent}%
                </Text>
              )}
            </Group>
            {(showProgress || elsewhere) && (
              <Progress
                data-testid="send-preview-progress"
                data-value={percent}
                aria-label={t('sendPreview.progressLabel')}
                value={elsewhere && !showProgress ? Math.round((elsewhere.processed * 100) / Math.max(1, elsewhere.total)) : percent}
                size="lg"
                radius="xl"
                striped
                animated={sending || Boolean(elsewhere)}
                color={percent >= 100 ? 'green' : 'brand'}
                transitionDuration={300}
              />
            )}
          </Stack>

          <StreamMessageLog
            messages={state.messages}
            colors={SEND_BADGE_COLOR}
            statusLabel={(status) => t(`sendPreview.messageStatus.${status}`)}
            emptyText={t('sendPreview.noMessages')}
            size={{ height: state.phase === 'idle' ? LIST_HEIGHT_IDLE : LIST_HEIGHT_SENDING }}
            filled={FILLED}
            testId="send-preview-messages"
            rowTestId="send-preview-message-row"
          />
        </Stack>
      </Card>

      <Card>
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dimmed" maw={620}>
            {t('sendPreview.previewCheckHint')}
          </Text>
          <Anchor component={Link} to={`/${locale}/admin/settlement/${settlementUuid}/preview-check`} data-testid="wizard-preview-check-link">
            {t('previewCheck.link')}
          </Anchor>
        </Group>
      </Card>

      <SendPreviewModal opened={modalOpen} onClose={() => setModalOpen(false)} trainers={trainers} sentTrainerUuids={sentUuids} onSend={(selection) => void send(selection)} />
    </Stack>
  );
}
