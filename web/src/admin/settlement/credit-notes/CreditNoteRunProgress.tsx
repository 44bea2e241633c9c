import { Group, Progress, Stack, Text, Tooltip, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSendStreamMessage } from '../../../../../contracts/review.contract';
import { StreamMessageLog } from '../../shared/StreamMessageLog';
import type { CreditNoteRunMessage } from './credit-note-run';

/** Spec 2.6 / 9: the progress list is 100 px high, 400 px once sending starts. */
const LIST_HEIGHT_IDLE = 100;
const LIST_HEIGHT_SENDING = 400;

const BADGE_COLOR: Record<TSendStreamMessage['status'], MantineColor> = {
  config: 'gray',
  success: 'green',
  info: 'blue',
  // Spec 4: error messages show as red badges.
  error: 'red',
  finished_club: 'teal',
  finished_studiogroup: 'teal',
};
const FILLED: TSendStreamMessage['status'][] = ['finished_studiogroup', 'error'];

/** The status line, bar and scrolling progress list of the credit-note step (spec 2.9). */
export function CreditNoteRunProgress({
  statusText,
  statusHint,
  percent,
  showBar,
  running,
  started,
  messages,
}: {
  statusText: string;
  statusHint: string | null;
  percent: number;
  showBar: boolean;
  running: boolean;
  started: boolean;
  messages: CreditNoteRunMessage[];
}) {
  const { t } = useTranslation();

  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            {statusHint ? (
              <Tooltip label={statusHint} withArrow position="top-start">
                <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="credit-notes-status">
                  {statusText}
                </Text>
              </Tooltip>
            ) : (
              <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="credit-notes-status">
                {statusText}
              </Text>
            )}
            {statusHint && (
              <Text size="xs" c="dimmed" data-testid="credit-notes-status-hint">
                {statusHint}
              </Text>
            )}
          </Stack>
          {showBar && (
            <Text size="sm" c="dimmed" ff="monospace">
              {percent}%
            </Text>
          )}
        </Group>
        {showBar && (
          <Progress
            data-testid="credit-notes-progress"
            data-value={percent}
            aria-label={t('creditNoteStep.progressLabel')}
            value={percent}
            size="lg"
            radius="xl"
            striped
            animated={running}
            color={percent >= 100 ? 'green' : 'brand'}
            transitionDuration={300}
          />
        )}
      </Stack>
      <StreamMessageLog
        messages={messages}
        colors={BADGE_COLOR}
        statusLabel={(status) => t(`creditNoteStep.messageStatus.${status}`)}
        emptyText={t('creditNoteStep.noMessages')}
        size={{ height: started ? LIST_HEIGHT_SENDING : LIST_HEIGHT_IDLE }}
        filled={FILLED}
        errorText="error"
        testId="credit-notes-messages"
        rowTestId="credit-notes-message-row"
      />
    </Stack>
  );
}
