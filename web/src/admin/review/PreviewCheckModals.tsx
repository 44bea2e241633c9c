import { Alert, Button, Center, Group, Loader, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TPreviewCheckTrainer } from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatEuros } from '../../shared/format';
import { reviewQueryKeys, useApprovedTrainers, useSettlementCommand } from '../settlement/api';
import { settlementRoom } from '../../../../contracts/events';
import type { TSettlementApproveAllEvent } from '../../../../contracts/settlement.contract';
import { useSocketRoom } from '../../shared/socket';

/**
 * 'Approve all trainers?' (spec 2.10, the form post with action approve_all): one call, the server
 * approves every open trainer in one write and tells the workflow once, so closing the tab changes
 * nothing. Its progress comes over the socket; the answer lists the trainers left locked and why.
 */
export function ApproveAllModal({
  opened,
  onClose,
  group,
  settlementUuid,
  userUuid,
  trainers,
}: {
  opened: boolean;
  onClose: () => void;
  group: TStudioGroupRef;
  settlementUuid: string;
  userUuid?: string;
  trainers: TPreviewCheckTrainer[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const command = useSettlementCommand(group, settlementUuid);
  const [progress, setProgress] = useState<TSettlementApproveAllEvent | null>(null);
  useSocketRoom({
    room: opened ? settlementRoom(settlementUuid) : null,
    event: 'settlement:approve-all',
    onEvent: (event) => event.settlementUuid === settlementUuid && setProgress(event),
  });
  const running = command.isPending;
  const answer = command.data;
  const finished = Boolean(answer);

  const run = () => {
    setProgress(null);
    command.mutate(
      { action: 'approve_all', userUuid },
      { onSettled: () => void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.previewCheck(settlementUuid) }) },
    );
  };

  const close = () => {
    if (running) return;
    command.reset();
    setProgress(null);
    onClose();
  };

  const total = progress?.total ?? trainers.length;
  const done = finished ? total : progress && progress.phase !== 'recording' ? progress.processed : 0;
  return (
    <Modal opened={opened} onClose={close} title={t('previewCheck.approveAll.title')} data-testid="approve-all-modal">
      <Stack gap="md">
        <Text size="sm">{t('previewCheck.approveAll.text', { trainers: trainers.length })}</Text>
        {(running || finished) && (
          <Stack gap={4}>
            <Text size="sm" fw={600} data-testid="approve-all-status">
              {answer
                ? t('previewCheck.approveAll.done', { count: answer.approvedCount ?? 0, already: answer.alreadyApprovedCount ?? 0 })
                : progress && progress.phase !== 'recording'
                  ? t('previewCheck.approveAll.progress', { done, total })
                  : t('previewCheck.approveAll.recording', { total })}
            </Text>
            <Progress value={total ? (done * 100) / total : 100} size="lg" radius="xl" striped={running} animated={running} color={finished ? 'green' : 'brand'} />
          </Stack>
        )}
        {command.isError && (
          <Alert color="red" icon={<IconAlert />} data-testid="approve-all-errors">
            {errorMessage(command.error)}
          </Alert>
        )}
        {answer?.locked && answer.locked.length > 0 && (
          <Alert color="yellow" icon={<IconAlert />} title={t('previewCheck.approveAll.locked')} data-testid="approve-all-locked">
            <Stack gap={2}>
              {answer.locked.map((item) => (
                <Text key={item.trainerUuid} size="sm">
                  {`${item.trainer}: ${item.message}`}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            {finished ? t('previewCheck.close') : t('previewCheck.cancel')}
          </Button>
          {!finished && (
            <Button color="green" onClick={run} loading={running} disabled={trainers.length === 0} data-testid="approve-all-confirm">
              {t('previewCheck.approveAll.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Send credit notes' (spec 2.10): the trainers the company approved; confirming starts their run. */
export function SendCreditNotesModal({
  opened,
  onClose,
  group,
  settlementUuid,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  group: TStudioGroupRef;
  settlementUuid: string;
  /** Starts the run of these trainers (in the credit-note step, which shows its progress). */
  onSend: (trainerUuids: string[]) => void;
}) {
  const { t } = useTranslation();
  const approved = useApprovedTrainers(group, settlementUuid, opened);
  // Spec 8: a failed load shows as an empty list.
  const trainers = approved.data?.trainers ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('previewCheck.sendCreditNotes.title')} size="lg" data-testid="send-credit-notes-modal">
      <Stack gap="md">
        {approved.isPending ? (
          <Center mih={80}>
            <Loader type="dots" aria-label={t('common.loading')} />
          </Center>
        ) : trainers.length === 0 ? (
          <Text size="sm" data-testid="send-credit-notes-empty">
            {t('previewCheck.sendCreditNotes.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400} type="auto">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>TrainerID</Table.Th>
                  <Table.Th>{t('previewCheck.sendCreditNotes.trainer')}</Table.Th>
                  <Table.Th ta="right">{t('previewCheck.columns.gross')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trainers.map((trainer) => (
                  <Table.Tr key={trainer.trainer_uuid}>
                    <Table.Td ff="monospace">{trainer.TrainerID}</Table.Td>
                    <Table.Td>{trainer.trainer_company_name || trainer.trainer_name}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatEuros(trainer.sum_gross)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        {trainers.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('previewCheck.sendCreditNotes.hint')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('previewCheck.cancel')}
          </Button>
          {trainers.length > 0 && (
            <Button onClick={() => onSend(trainers.map((trainer) => trainer.trainer_uuid))} data-testid="send-credit-notes-confirm">
              {t('previewCheck.sendCreditNotes.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Send credit notes to all already approved trainers?' / 'Yes, send to all'. */
export function SendAllModal({ opened, onClose, onSend }: { opened: boolean; onClose: () => void; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('previewCheck.sendAll.title')} data-testid="send-all-modal">
      <Stack gap="md">
        <Text size="sm">{t('previewCheck.sendAll.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('previewCheck.cancel')}
          </Button>
          <Button onClick={onSend} data-testid="send-all-confirm">
            {t('previewCheck.sendAll.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
