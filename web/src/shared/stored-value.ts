import { useSyncExternalStore } from 'react';

export type StoredValue<T> = {
  get: () => T | null;
  set: (value: T | null) => void;
  subscribe: (listener: () => void) => () => void;
  /** Parses the stored value again (its parser's answer changed) and tells the subscribers. */
  invalidate: () => void;
};

/**
 * A value kept in localStorage that React can subscribe to. Changes made in another tab arrive
 * through the `storage` event, so logging out in one tab logs out all of them.
 */
export function createStoredValue<T>(key: string, parse: (raw: unknown) => T | null): StoredValue<T> {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs a stable snapshot: cache the parsed value per raw string.
  let cachedRaw: string | null | undefined;
  let cachedValue: T | null = null;

  const read = (): T | null => {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      raw = null; // storage disabled (private mode): behave as if nothing is stored
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = null;
    if (raw !== null) {
      try {
        cachedValue = parse(JSON.parse(raw));
      } catch {
        cachedValue = null;
      }
    }
    return cachedValue;
  };

  const notify = () => listeners.forEach((listener) => listener());

  return {
    get: read,
    set(value) {
      try {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // storage full or disabled: the value lives only as long as the page
      }
      notify();
    },
    invalidate() {
      cachedRaw = undefined;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function useStoredValue<T>(store: StoredValue<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}
