import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from './common';

/**
 * A server secret generated once per database (e.g. the download-link signing key when
 * DOWNLOAD_SECRET is not set), so every api replica on the same database signs and checks alike.
 * Written with insert … on conflict do nothing: the first replica wins, the others read its value.
 */
export const AppSecret = defineEntity({
  name: 'AppSecret',
  tableName: 'app_secret',
  properties: (p) => ({
    id: idProperty(),
    name: p.string().unique(),
    /** base64url of 32 random bytes. */
    value: p.string(),
    createdAt: createdAtProperty(),
  }),
});
export type AppSecret = InferEntity<typeof AppSecret>;
