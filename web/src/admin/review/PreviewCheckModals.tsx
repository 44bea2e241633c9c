import { Alert, Button, Center, Group, Loader, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TPreviewCheckTrainer } from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatEuros } from '../../shared/format';
import { approveByCompany, settlementQueryKeys, useApprovedTrainers } from '../settlement/api';

/**
 * 'Approve all trainers?' (spec 2.10): approves every listed trainer the company has not approved
 * yet, one after the other (each is an update to the settlement's workflow), with progress.
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
  const [done, setDone] = useState<number | null>(null);
  const [total, setTotal] = useState(0);
  const [failures, setFailures] = useState<string[]>([]);
  const running = done !== null && done < total;

  const run = async () => {
    const todo = [...trainers];
    setTotal(todo.length);
    setDone(0);
    setFailures([]);
    for (const [index, trainer] of todo.entries()) {
      try {
        await approveByCompany({ group, settlementUuid, trainerUuid: trainer.trainer_uuid, approved: true, userUuid });
      } catch (error) {
        setFailures((current) => [...current, `${trainer.trainer_company_name || trainer.trainer_name}: ${errorMessage(error)}`]);
      }
      setDone(index + 1);
    }
    void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) });
  };

  const close = () => {
    if (running) return;
    setDone(null);
    setFailures([]);
    onClose();
  };

  const finished = done !== null && done >= total;
  return (
    <Modal opened={opened} onClose={close} title={t('previewCheck.approveAll.title')} data-testid="approve-all-modal">
      <Stack gap="md">
        <Text size="sm">{t('previewCheck.approveAll.text', { trainers: trainers.length })}</Text>
        {done !== null && (
          <Stack gap={4}>
            <Text size="sm" fw={600} data-testid="approve-all-status">
              {t('previewCheck.approveAll.progress', { done, total })}
            </Text>
            <Progress value={total ? (done * 100) / total : 100} size="lg" radius="xl" striped={running} animated={running} color={finished ? 'green' : 'brand'} />
          </Stack>
        )}
        {failures.length > 0 && (
          <Alert color="red" icon={<IconAlert />} data-testid="approve-all-errors">
            <Stack gap={2}>
              {failures.map((failure) => (
                <Text key={failure} size="sm">
                  {failure}
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
            <Button color="green" onClick={() => void run()} loading={running} disabled={trainers.length === 0} data-testid="approve-all-confirm">
              {t('previewCheck.approveAll.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Send credit notes' (spec 2.10): the trainers the company approved; sending is the credit-note step's job. */
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
  /** Goes on to the credit-note step with these trainers ticked. */
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
