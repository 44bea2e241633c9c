import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TSettlementAction } from '../../../../contracts/settlement.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';
import { useSettlementCommand } from './api';

const TEXTS = {
  finish_settlement: { key: 'finish', color: 'green' },
  archive_settlement: { key: 'archive', color: 'gray' },
  delete_settlement: { key: 'delete', color: 'red' },
} as const satisfies Record<SummaryAction, { key: string; color: string }>;

/** The summary's actions; approve_all is the preview check's (ApproveAllModal). */
export type SummaryAction = Exclude<TSettlementAction, 'approve_all'>;

/** Spec 2.12 / 4: finish, archive and delete are confirmed in a modal before they go to the workflow. */
export function SettlementCommandModal({
  group,
  settlementUuid,
  month,
  action,
  onClose,
  onDone,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  month: string;
  action: SummaryAction | null;
  onClose: () => void;
  onDone?: (action: SummaryAction) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const command = useSettlementCommand(group, settlementUuid);
  const texts = action ? TEXTS[action] : null;

  const close = () => {
    command.reset();
    onClose();
  };

  const confirm = () => {
    if (!action) return;
    command.mutate(
      { action, month, userUuid: session?.userUuid },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, withBorder: true });
          close();
          onDone?.(action);
        },
      },
    );
  };

  return (
    <Modal
      opened={Boolean(action)}
      onClose={close}
      title={texts ? t(`settlement.commands.${texts.key}.title`) : ''}
      centered
      data-testid="settlement-command-modal"
    >
      {texts && (
        <Stack gap="md">
          <Text size="sm">{t(`settlement.commands.${texts.key}.text`, { month: formatMonth(month, locale) })}</Text>
          {command.isError && (
            <Alert color="red" icon={<IconAlert />} role="alert" title={t('settlement.updateFailed')} data-testid="settlement-command-error">
              {errorMessage(command.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={command.isPending}>
              {t('settlement.commands.cancel')}
            </Button>
            <Button color={texts.color} onClick={confirm} loading={command.isPending} data-testid="settlement-command-confirm">
              {t(`settlement.commands.${texts.key}.confirm`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
