import { Badge, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerListItem } from '../../../../contracts/settlement.contract';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The settlement's prepared trainers. */
  trainers: TTrainerListItem[];
  /** Trainers already sent a preview (the server does not send them twice). */
  sentTrainerUuids: readonly string[];
  onSend: (selection: { trainerUuids: string[]; message: string }) => void;
};

/**
 * The 'Send preview' modal (spec 2.5): a message added to the notification and e-mail, and one
 * checkbox per prepared trainer, all ticked. Mounted anew on every open, so it starts ticked again.
 */
export function SendPreviewModal({ opened, onClose, trainers, sentTrainerUuids, onSend }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('sendPreview.modal.title')} size="lg" data-testid="send-preview-modal">
      {opened && <SendPreviewForm trainers={trainers} sentTrainerUuids={sentTrainerUuids} onSend={onSend} onClose={onClose} />}
    </Modal>
  );
}

function SendPreviewForm({ trainers, sentTrainerUuids, onSend, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [selected, setSelected] = useState<string[]>(() => trainers.map((trainer) => trainer.trainerUuid));
  const sent = new Set(sentTrainerUuids);
  const allSelected = selected.length === trainers.length;

  return (
    <Stack gap="md">
      <Textarea
        label={t('sendPreview.modal.messageLabel')}
        placeholder={t('sendPreview.modal.messagePlaceholder')}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        data-testid="send-preview-message"
      />
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('sendPreview.modal.trainers', { selected: selected.length, total: trainers.length })}
        </Text>
        <Checkbox
          label={t('sendPreview.modal.all')}
          checked={allSelected}
          indeterminate={selected.length > 0 && !allSelected}
          onChange={() => setSelected(allSelected ? [] : trainers.map((trainer) => trainer.trainerUuid))}
          data-testid="send-preview-all"
        />
      </Group>
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Checkbox.Group value={selected} onChange={setSelected}>
          <Stack gap={6}>
            {trainers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('sendPreview.modal.noTrainers')}
              </Text>
            )}
            {trainers.map((trainer) => (
              <Group key={trainer.trainerUuid} gap="sm" wrap="nowrap">
                <Checkbox value={trainer.trainerUuid} label={trainer.trainerName} data-testid={`send-preview-trainer-${trainer.trainerUuid}`} />
                {sent.has(trainer.trainerUuid) && (
                  <Badge color="green" variant="light" tt="none" size="sm" data-testid={`send-preview-sent-${trainer.trainerUuid}`}>
                    {t('sendPreview.modal.alreadySent')}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        </Checkbox.Group>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('sendPreview.modal.cancel')}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => onSend({ trainerUuids: selected, message })} data-testid="send-preview-submit">
          {t('sendPreview.modal.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
