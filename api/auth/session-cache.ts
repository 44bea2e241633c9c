import type { EventFeed } from '../../db/events';
import { SESSION_ENDED_EVENT, type LiveSession } from './sessions';

// The live sessions this api process checked recently, by key hash, so that a trainer's clicks do
// not each ask PostgreSQL again (docs/decisions/0200). A revocation reaches every replica as the
// session's `session:ended` event (revokeSessions sends it on commit); a cached session is used only
// while the event feed that would have brought its revocation is still the one listening, and for
// at most CACHED_FOR_MS, so a lost event (the feed reconnecting) costs a lookup, never a revoked key.

/**
 * The bound if a feed stopped delivering without its connection failing (a half-open TCP link):
 * then a revoked key would work this long at most. Trainers click every few seconds to minutes.
 */
const CACHED_FOR_MS = 30_000;
const MAX_SESSIONS = 20_000;

type Entry = { session: LiveSession; until: number; connection: number };

/** What the cache had heard when a session lookup began (SessionCache.mark). */
export type SessionCacheMark = { connection: number | undefined; ended: number };

/** Every cache of this process, so a revocation made here reaches them before its event does. */
const caches = new Set<WeakRef<SessionCache>>();

/** Forgets revoked sessions in this process's caches at once (the event follows on commit, for every replica). */
export function forgetSessions(sessionIds: number[]): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (!cache) caches.delete(ref);
    else for (const id of sessionIds) cache.revoked(id);
  }
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysBySession = new Map<number, string>();
  /** How many `session:ended` events arrived: a lookup that overlapped one is not kept. */
  private ended = 0;

  private listening = false;

  constructor(private readonly feed: Pick<EventFeed, 'listeningConnection' | 'subscribeAll'>) {
    caches.add(new WeakRef(this));
  }

  /** Hears the revocations from the first lookup on (the app may be built before its feed starts). */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this.feed.subscribeAll((feedEvent) => {
      if (feedEvent.event === SESSION_ENDED_EVENT) this.revoked((feedEvent.data as { sessionId?: number } | undefined)?.sessionId);
    });
  }

  /** A session was revoked: forgotten, and a lookup under way while it happened is not kept. */
  revoked(sessionId: number | undefined): void {
    this.ended++;
    if (sessionId === undefined) return;
    const keyHash = this.keysBySession.get(sessionId);
    if (keyHash !== undefined) this.remove(keyHash, sessionId);
  }

  /** The cached session of a key hash, if it is still live and its revocation would have reached this cache. */
  get(keyHash: string): LiveSession | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.connection !== this.feed.listeningConnection || now >= entry.until || now >= entry.session.expiresAt.getTime()) {
      this.remove(keyHash, entry.session.id);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before the lookup in PostgreSQL whose answer `set` may keep. */
  mark(): SessionCacheMark {
    this.listen();
    return { connection: this.feed.listeningConnection, ended: this.ended };
  }

  /**
   * Keeps a session read from PostgreSQL after `mark`: not when the feed was not listening (no
   * revocation would reach the entry), nor when a revocation arrived while it was read (the row
   * read may be from before that revocation's commit, whose event has then passed already).
   */
  set(keyHash: string, session: LiveSession, mark: SessionCacheMark): void {
    const connection = this.feed.listeningConnection;
    if (connection === undefined || connection !== mark.connection || this.ended !== mark.ended) return;
    if (this.entries.size >= MAX_SESSIONS) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestKey, oldest.session.id);
    }
    this.entries.set(keyHash, { session, until: Date.now() + CACHED_FOR_MS, connection });
    this.keysBySession.set(session.id, keyHash);
  }

  private remove(keyHash: string, sessionId: number): void {
    this.entries.delete(keyHash);
    if (this.keysBySession.get(sessionId) === keyHash) this.keysBySession.delete(sessionId);
  }
}
