import { Badge, Group, Progress, ScrollArea, Stack, Text, Tooltip, type MantineColor } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSendStreamMessage } from '../../../../../contracts/review.contract';
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
  // Keep the newest message in view.
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight, behavior: 'smooth' });
  }, [messages.length]);

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
      <ScrollArea h={started ? LIST_HEIGHT_SENDING : LIST_HEIGHT_IDLE} viewportRef={viewport} type="auto" offsetScrollbars>
        <Stack gap={6} data-testid="credit-notes-messages" role="log" aria-live="polite">
          {messages.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('creditNoteStep.noMessages')}
            </Text>
          )}
          {messages.map((message) => (
            <Group key={message.id} gap="sm" wrap="nowrap" align="flex-start" data-status={message.status} data-testid="credit-notes-message-row">
              <Badge color={BADGE_COLOR[message.status]} variant={message.status === 'finished_studiogroup' || message.status === 'error' ? 'filled' : 'light'} w={112} style={{ flexShrink: 0 }}>
                {t(`creditNoteStep.messageStatus.${message.status}`)}
              </Badge>
              <Text size="sm" c={message.status === 'error' ? 'red' : undefined} style={{ wordBreak: 'break-word' }}>
                {message.message}
              </Text>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
