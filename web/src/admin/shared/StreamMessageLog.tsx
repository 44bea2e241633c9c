import { Badge, Group, ScrollArea, Stack, Text, type MantineColor } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/** A message of a streamed run (the import, the preview send, the credit-note run), numbered as it arrived. */
export type StreamLogMessage<Status extends string> = { id: number; status: Status; message: string };

type Props<Message extends StreamLogMessage<Status>, Status extends string> = {
  messages: readonly Message[];
  /** The badge colour of each status. */
  colors: Record<Status, MantineColor>;
  statusLabel: (status: Status) => string;
  emptyText: string;
  /** A fixed height (the list grows from small to large when the run starts), or a height it grows to. */
  size: { height: number } | { maxHeight: number };
  /** The statuses whose badge is filled rather than light: the end of the run, and where wanted its errors. */
  filled: readonly Status[];
  /** Spec 4 of the credit-note step: an error's text is red too, not only its badge. */
  errorText?: Status;
  /** What follows the message in grey (the import names the studio). */
  detail?: (message: Message) => ReactNode;
  testId: string;
  rowTestId: string;
};

/**
 * The scrolling log of a streamed run: one row per message with its status badge, the newest kept
 * in view. The import on demand, the preview send and the credit-note run show their runs with it.
 */
export function StreamMessageLog<Message extends StreamLogMessage<Status>, Status extends string>({
  messages,
  colors,
  statusLabel,
  emptyText,
  size,
  filled,
  errorText,
  detail,
  testId,
  rowTestId,
}: Props<Message, Status>) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight, behavior: 'smooth' });
  }, [messages.length]);

  const rows = (
    <Stack gap={6} data-testid={testId} role="log" aria-live="polite">
      {messages.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {messages.map((message) => (
        <Group key={message.id} gap="sm" wrap="nowrap" align="flex-start" data-status={message.status} data-testid={rowTestId}>
          <Badge color={colors[message.status]} variant={filled.includes(message.status) ? 'filled' : 'light'} w={112} style={{ flexShrink: 0 }}>
            {statusLabel(message.status)}
          </Badge>
          <Text size="sm" c={errorText !== undefined && message.status === errorText ? 'red' : undefined} style={{ wordBreak: 'break-word' }}>
            {message.message}
            {detail?.(message)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
  return 'height' in size ? (
    <ScrollArea h={size.height} viewportRef={viewport} type="auto" offsetScrollbars>
      {rows}
    </ScrollArea>
  ) : (
    <ScrollArea.Autosize mah={size.maxHeight} viewportRef={viewport} type="auto" offsetScrollbars>
      {rows}
    </ScrollArea.Autosize>
  );
}
