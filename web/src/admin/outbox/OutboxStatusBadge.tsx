import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TOutboxList, TOutboxStatus } from '../../../../contracts/outbox.contract';

const STATUS_COLOR: Record<TOutboxStatus, MantineColor> = { queued: 'gray', sent: 'green', failed: 'red' };

/** The label of a status: a queued e-mail is 'in the outbox' for good when no mail server is configured, else waiting to be sent. */
export function useOutboxStatusLabel(delivery: TOutboxList['delivery']) {
  const { t } = useTranslation();
  return (status: TOutboxStatus) => (status === 'queued' && delivery === 'smtp' ? t('outbox.status.queuedSmtp') : t(`outbox.status.${status}`));
}

export function OutboxStatusBadge({ status, delivery }: { status: TOutboxStatus; delivery: TOutboxList['delivery'] }) {
  const label = useOutboxStatusLabel(delivery);
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none" data-testid="outbox-status" data-status={status}>
      {label(status)}
    </Badge>
  );
}
