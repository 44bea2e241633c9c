import type { EventFeed } from '../../db/events';
import type { TSendStreamMessage, TSettlementSendEvent } from '../../contracts/review.contract';
import { settlementRoom } from '../../contracts/settlement.contract';

// Following one sending (previews or a credit-note run) on the event feed for a streamed answer:
// subscribe BEFORE the workflow is asked (so no message is missed), then yield the messages until
// the last one (finished_studiogroup). A last message lost (an api replica restarted between
// publish and read) must not hang the stream: every few seconds `ended` asks the workflow whether
// the sending is over.

/** How often a quiet stream asks the workflow whether the sending ended. */
export const SEND_STATE_POLL_MS = 3_000;

export type Sending = { messages: AsyncGenerator<TSendStreamMessage>; close: () => void };

export function followSending(feed: EventFeed, settlementUuid: string, sendUuid: string, ended: () => Promise<boolean>): Sending {
  const queue: TSendStreamMessage[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const unsubscribe = feed.subscribe(settlementRoom(settlementUuid), (feedEvent) => {
    if (feedEvent.event !== 'settlement:send') return;
    const data = feedEvent.data as TSettlementSendEvent;
    if (data.sendUuid !== sendUuid) return;
    queue.push(data.message);
    wake?.();
  });
  const close = () => {
    closed = true;
    unsubscribe();
    wake?.();
  };
  async function* messages() {
    let lastPoll = Date.now();
    // The workflow can say the sending is over before its last messages have crossed PostgreSQL's
    // NOTIFY to this process (a busy machine delays them by seconds): the stream ends only when a
    // second poll, a full interval later, still finds it over and nothing arrived in between.
    let endedBefore = false;
    while (!closed) {
      const next = queue.shift();
      if (next) {
        endedBefore = false;
        yield next;
        if (next.status === 'finished_studiogroup') return;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, SEND_STATE_POLL_MS);
      });
      wake = null;
      if (queue.length === 0 && Date.now() - lastPoll >= SEND_STATE_POLL_MS) {
        lastPoll = Date.now();
        const over = await ended();
        if (over && endedBefore && queue.length === 0) return;
        endedBefore = over;
      }
    }
  }
  return { messages: messages(), close };
}
