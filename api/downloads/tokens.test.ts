import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_TOKEN_TTL_SECONDS, canonicalDownloadRequest, signDownloadToken, verifyDownloadToken } from './tokens';

const secret = crypto.randomBytes(32);
const userUuid = '11111111-2222-4333-8444-555555555555';
const request = canonicalDownloadRequest('/de/trainer/credit-note/download/g,2026-09,t,GS-2026-00001.pdf');
const sessionId = 42;
const now = Date.UTC(2026, 9, 1, 12);

describe('download tokens', () => {
  it('verifies a fresh token for the same request and user', () => {
    const token = signDownloadToken({ secret, request, userUuid, sessionId, now });
    expect(verifyDownloadToken({ secret, request, token, now: now + 1000 })).toEqual({ ok: true, userUuid, sessionId, expiresAt: now / 1000 + DOWNLOAD_TOKEN_TTL_SECONDS });
  });

  it('expires after five minutes', () => {
    const token = signDownloadToken({ secret, request, userUuid, sessionId, now });
    expect(verifyDownloadToken({ secret, request, token, now: now + DOWNLOAD_TOKEN_TTL_SECONDS * 1000 - 1 }).ok).toBe(true);
    expect(verifyDownloadToken({ secret, request, token, now: now + DOWNLOAD_TOKEN_TTL_SECONDS * 1000 })).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another request, another user, another session, another secret and a changed expiry', () => {
    const token = signDownloadToken({ secret, request, userUuid, sessionId, now });
    expect(verifyDownloadToken({ secret, request: `${request}x`, token, now }).ok).toBe(false);
    expect(verifyDownloadToken({ secret: crypto.randomBytes(32), request, token, now }).ok).toBe(false);
    const [, session, expires, signature] = token.split('.');
    expect(verifyDownloadToken({ secret, request, token: `22222222-2222-4333-8444-555555555555.${session}.${expires}.${signature}`, now })).toEqual({ ok: false, reason: 'signature' });
    expect(verifyDownloadToken({ secret, request, token: `${userUuid}.${sessionId + 1}.${expires}.${signature}`, now })).toEqual({ ok: false, reason: 'signature' });
    expect(verifyDownloadToken({ secret, request, token: `${userUuid}.${session}.${Number(expires) + 3600}.${signature}`, now })).toEqual({ ok: false, reason: 'signature' });
    expect(verifyDownloadToken({ secret, request, token: 'nonsense', now })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('binds the query fields but not their order or the encoding of the path', () => {
    expect(canonicalDownloadRequest('/a%20b', { y: '2', x: '1', token: 'ignored' })).toBe(canonicalDownloadRequest('/a b', { x: '1', y: '2' }));
    expect(canonicalDownloadRequest('/a', { trainerUuid: 'x' })).not.toBe(canonicalDownloadRequest('/a', { trainerUuid: 'y' }));
  });
});
