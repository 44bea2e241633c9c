import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from './common';
import { User } from './user.entity';

/** A log-in: the API key is stored only as its SHA-256, expires, and is revoked at log-out. */
export const ApiSession = defineEntity({
  name: 'ApiSession',
  tableName: 'api_session',
  properties: (p) => ({
    id: idProperty(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** sha256 hex of the API key; the unique index serves the per-request lookup. */
    keyHash: p.string().length(64).unique(),
    createdAt: createdAtProperty(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().onCreate(() => new Date()),
  }),
  indexes: [{ properties: ['user'] }],
});
export type ApiSession = InferEntity<typeof ApiSession>;
