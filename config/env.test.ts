import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app';
import type { EventFeed } from '../db/events';
import { readEnv } from './env';

const appWith = (trustProxy: string[]) =>
  createApp({ orm: {} as MikroORM, temporal: {} as Client, feed: {} as EventFeed, env: { apiKeyTtlHours: 1, webDist: '/nonexistent', dataDir: '/nonexistent', trustProxy } });

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless named', () => {
    expect(readEnv({}).trustProxy).toEqual([]);
    expect(readEnv({ TRUST_PROXY: ' loopback, 10.0.0.0/8 ,' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(appWith([]).get('trust proxy fn')('127.0.0.1', 0)).toBe(false);
    expect(appWith(['10.0.0.0/8']).get('trust proxy fn')('10.1.2.3', 0)).toBe(true);
  });

  it('stops the start on a wrong entry, naming the variable', () => {
    expect(() => appWith(['not-an-address'])).toThrow(/^TRUST_PROXY: /);
  });
});
