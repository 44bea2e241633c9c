import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../db/events';
import { forgetSessions, SessionCache } from './session-cache';
import { SESSION_ENDED_EVENT, type LiveSession } from './sessions';

/** A feed as the cache sees it: which connection listens, and the events it delivers. */
function fakeFeed() {
  const listeners = new Set<EventListener>();
  const feed = {
    listeningConnection: 1 as number | undefined,
    subscribeAll: (listener: EventListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sessionEnded: (sessionId: number) => {
      for (const listener of listeners) listener({ topic: `session:${sessionId}`, event: SESSION_ENDED_EVENT, data: { sessionId } });
    },
  };
  return feed;
}

const session = (id: number, expiresInMs = 3_600_000): LiveSession => ({
  id,
  createdAt: new Date(),
  lastUsedAt: new Date(),
  expiresAt: new Date(Date.now() + expiresInMs),
  user: { id: 7, uuid: 'user-uuid', role: 'trainer', locale: 'de' },
});

/** Looks a key up as findLiveSession does: a miss, then the row read kept. */
function lookUp(cache: SessionCache, keyHash: string, row: LiveSession) {
  const mark = cache.mark();
  cache.set(keyHash, row, mark);
}

afterEach(() => vi.useRealTimers());

describe('SessionCache', () => {
  it('answers a session checked a moment ago, and forgets it when its revocation arrives', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    lookUp(cache, 'key-a', session(1));
    expect(cache.get('key-a')?.id).toBe(1);
    feed.sessionEnded(1);
    expect(cache.get('key-a')).toBeUndefined();
  });

  it('forgets a session revoked in this process before its event arrives', () => {
    const cache = new SessionCache(fakeFeed());
    lookUp(cache, 'key-a', session(1));
    forgetSessions([1]);
    expect(cache.get('key-a')).toBeUndefined();
  });

  it('does not keep a row read while a revocation arrived (it may be from before that commit)', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    const mark = cache.mark();
    feed.sessionEnded(1);
    cache.set('key-a', session(1), mark);
    expect(cache.get('key-a')).toBeUndefined();
  });

  it('keeps nothing while the feed does not listen, and nothing of a connection that was lost', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    lookUp(cache, 'key-a', session(1));
    feed.listeningConnection = undefined;
    expect(cache.get('key-a')).toBeUndefined();
    lookUp(cache, 'key-b', session(2));
    feed.listeningConnection = 2;
    expect(cache.get('key-b')).toBeUndefined();
    lookUp(cache, 'key-b', session(2));
    expect(cache.get('key-b')?.id).toBe(2);
  });

  it('answers a session 30 s at most, and never past its expiry', () => {
    vi.useFakeTimers();
    const cache = new SessionCache(fakeFeed());
    lookUp(cache, 'key-a', session(1));
    lookUp(cache, 'key-b', session(2, 5_000));
    vi.advanceTimersByTime(5_000);
    expect(cache.get('key-a')?.id).toBe(1);
    expect(cache.get('key-b')).toBeUndefined();
    vi.advanceTimersByTime(25_000);
    expect(cache.get('key-a')).toBeUndefined();
  });
});
