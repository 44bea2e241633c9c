import pg from 'pg';

// Progress events reach every api replica through PostgreSQL LISTEN/NOTIFY (DESIGN.md: nothing
// assumes one process). Activities publish; each api process holds one listening connection and
// fans events out to socket.io rooms and to the streamed HTTP answers of the same run.
export const EVENTS_CHANNEL = 'trainerpay_events';

export type FeedEvent = {
  /** The room the event belongs to, e.g. `import:{importUuid}` or `settlement:{settlementUuid}`. */
  topic: string;
  /** Event name from contracts/events.ts. */
  event: string;
  data: unknown;
};

type Queryable = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

/** Publishes an event; NOTIFY is transactional, so inside a transaction it is sent on commit. */
export async function publishEvent(db: Queryable, feedEvent: FeedEvent): Promise<void> {
  await db.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify(feedEvent)]);
}

export type EventListener = (feedEvent: FeedEvent) => void;

const RECONNECT_DELAY_MS = 1_000;

/**
 * One LISTEN connection per process; listeners subscribe by topic. A lost connection (PostgreSQL
 * restarted, a network blip) is re-established; events sent while it was down are not replayed,
 * which is why screens read their state from the database and use events only as a nudge.
 */
export class EventFeed {
  private client: pg.Client | undefined;
  private stopped = false;
  private connections = 0;
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly allListeners = new Set<EventListener>();

  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<void> {
    this.stopped = false;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', () => this.reconnectLater(client));
    client.on('end', () => this.reconnectLater(client));
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      let feedEvent: FeedEvent;
      try {
        feedEvent = JSON.parse(message.payload) as FeedEvent;
      } catch {
        return;
      }
      for (const listener of this.listeners.get(feedEvent.topic) ?? []) listener(feedEvent);
      for (const listener of this.allListeners) listener(feedEvent);
    });
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.client = client;
    this.connections++;
  }

  /**
   * Which connection is listening (a number that changes with every reconnect), undefined while none
   * is: what a cache kept valid by these events checks, since events sent while the feed was down
   * are lost.
   */
  get listeningConnection(): number | undefined {
    return this.client ? this.connections : undefined;
  }

  /** Subscribes to one topic; returns the unsubscribe function. */
  subscribe(topic: string, listener: EventListener): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
    };
  }

  subscribeAll(listener: EventListener): () => void {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  }

  private reconnectLater(lost: pg.Client) {
    if (this.stopped || this.client !== lost) return;
    this.client = undefined;
    setTimeout(() => {
      if (this.stopped) return;
      this.start().catch(() => this.reconnectLater(lost));
    }, RECONNECT_DELAY_MS).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
