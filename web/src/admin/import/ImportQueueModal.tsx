import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TImportQueueStatus } from '../../../../contracts/import-queue.contract';
import { ApiError } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import {
  DEFAULT_POSITION,
  DEFAULT_TOTAL,
  DEFAULT_WAIT_MINUTES,
  isFinalStatus,
  QUEUE_POLL_MS,
  queueProgress,
  RELOAD_COUNTDOWN_SECONDS,
  statusAfterNotFound,
  waitTextKey,
} from './import-queue';
import { cancelImport, enqueueImport, fetchImportQueueStatus, type ImportQueueType } from './api';

export type ImportQueueRequest = { importType: ImportQueueType; studioUuid?: string | null };

type Props = {
  group: TStudioGroupRef;
  settlementUuid: string;
  month: string | null;
  userUuid?: string;
  /** What to queue; null keeps the modal closed. Every new request object queues anew. */
  request: ImportQueueRequest | null;
  onClose: () => void;
  /** After completion: reload what the import changed (the trainer preview or the page's data). */
  onReload: (request: ImportQueueRequest) => void;
};

/** The data import queue modal (spec 2.17, 4 "Import queue status"). */
export function ImportQueueModal({ request, onClose, ...rest }: Props) {
  const { t } = useTranslation();
  const [closable, setClosable] = useState(false);
  return (
    <Modal
      opened={request !== null}
      onClose={() => closable && onClose()}
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      title={request?.importType === 'update_location_data_and_recalculate_billing' ? t('importQueue.titleLocation') : t('importQueue.title')}
      data-testid="queue-modal"
    >
      {request && <QueueRun request={request} onClose={onClose} setClosable={setClosable} {...rest} />}
    </Modal>
  );
}

type RunState = {
  queueUuid: string | null;
  status: TImportQueueStatus;
  position: number;
  total: number;
  waitMinutes: number;
};

function QueueRun({
  group,
  settlementUuid,
  month,
  userUuid,
  request,
  onClose,
  onReload,
  setClosable,
}: Omit<Props, 'request'> & { request: ImportQueueRequest; setClosable: (closable: boolean) => void }) {
  const { t } = useTranslation();
  const [run, setRun] = useState<RunState>({ queueUuid: null, status: 'waiting', position: DEFAULT_POSITION, total: DEFAULT_TOTAL, waitMinutes: DEFAULT_WAIT_MINUTES });
  const [countdown, setCountdown] = useState<number | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const statusRef = useRef(run.status);
  statusRef.current = run.status;

  // Queue the import once per request.
  useEffect(() => {
    let gone = false;
    enqueueImport({ group, importType: request.importType, settlementUuid, month, studioUuid: request.studioUuid, userUuid })
      .then((answer) => !gone && setRun((current) => ({ ...current, queueUuid: answer.uuid })))
      .catch(() => !gone && setRun((current) => ({ ...current, status: 'error' })));
    return () => {
      gone = true;
    };
  }, [request]);

  // Poll the status every 15 s until the item is final; cancelling pauses it (a failed cancel resumes it).
  const final = isFinalStatus(run.status);
  useEffect(() => {
    if (!run.queueUuid || final || cancelling) return;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const answer = await fetchImportQueueStatus(group, run.queueUuid!, controller.signal);
        setRun((current) => (isFinalStatus(current.status) ? current : { ...current, status: answer.status, position: answer.position, total: answer.total, waitMinutes: answer.estimatedWaitTime }));
      } catch (error) {
        if (controller.signal.aborted) return;
        const next = error instanceof ApiError && error.status === 404 ? statusAfterNotFound(statusRef.current) : 'error';
        setRun((current) => ({ ...current, status: next }));
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), QUEUE_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [run.queueUuid, final, cancelling, group]);

  // Completed: count down 5 s, then reload what the import changed.
  useEffect(() => {
    if (run.status === 'completed' && countdown === null && !reloaded) setCountdown(RELOAD_COUNTDOWN_SECONDS);
  }, [run.status, countdown, reloaded]);
  useEffect(() => {
    if (countdown === null || reloaded) return;
    if (countdown <= 0) {
      setReloaded(true);
      onReload(request);
      return;
    }
    const timer = window.setTimeout(() => setCountdown((value) => (value === null ? null : value - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown, reloaded]);

  const canClose = (run.status === 'completed' && reloaded) || run.status === 'error' || run.status === 'cancelled';
  useEffect(() => setClosable(canClose), [canClose]);

  const reloadNow = () => {
    setReloaded(true);
    setCountdown(0);
    onReload(request);
  };

  const cancel = async () => {
    if (!run.queueUuid) return;
    setCancelling(true);
    try {
      await cancelImport(group, run.queueUuid);
      setRun((current) => ({ ...current, status: 'cancelled' }));
    } catch {
      // Spec 4: a failed cancel resumes polling.
    } finally {
      setCancelling(false);
    }
  };

  const wait = waitTextKey(run.waitMinutes);
  const percent = run.status === 'completed' ? 100 : queueProgress(run.position, run.total);
  const message =
    run.status === 'waiting' || run.status === 'pending'
      ? t('importQueue.messages.queued')
      : run.status === 'processing'
        ? t('importQueue.messages.processing')
        : run.status === 'completed'
          ? t('importQueue.messages.completed')
          : run.status === 'cancelled'
            ? t('importQueue.messages.cancelled')
            : t('importQueue.messages.error');

  return (
    <Stack gap="md" data-status={run.status} data-testid="queue-run">
      <Alert
        color={run.status === 'error' ? 'red' : run.status === 'completed' ? 'green' : run.status === 'cancelled' ? 'gray' : 'blue'}
        icon={run.status === 'error' ? <IconAlert /> : <IconInfo />}
        data-testid="queue-message"
      >
        {message}
      </Alert>
      {!final && (
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={600} data-testid="queue-position">
              {t('importQueue.position', { position: run.position, total: run.total })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="queue-wait">
              {t(`importQueue.wait.${wait.key}`, { minutes: wait.count })}
            </Text>
          </Group>
          <Progress value={percent} size="lg" radius="xl" striped animated aria-label={t('importQueue.progressLabel')} data-testid="queue-progress" />
          <Text size="xs" c="dimmed" ff="monospace" ta="right">
            {percent}%
          </Text>
        </Stack>
      )}
      {run.status === 'completed' && !reloaded && countdown !== null && (
        <Text size="sm" data-testid="queue-countdown">
          {t('importQueue.reloadIn', { seconds: countdown })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {run.status === 'completed' && !reloaded && (
          <Button variant="light" onClick={reloadNow} data-testid="queue-reload-now">
            {t('importQueue.reloadNow')}
          </Button>
        )}
        {canClose ? (
          <Button variant="default" onClick={onClose} data-testid="queue-close">
            {t('importQueue.close')}
          </Button>
        ) : run.status === 'waiting' ? (
          <Button disabled data-testid="queue-waiting">
            {t('importQueue.waiting')}
          </Button>
        ) : run.status !== 'completed' ? (
          <Button color="red" variant="light" onClick={() => void cancel()} loading={false} disabled={cancelling} data-testid="queue-cancel">
            {cancelling ? t('importQueue.cancelling') : t('importQueue.cancel')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
