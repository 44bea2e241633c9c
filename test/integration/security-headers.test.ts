import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, serveBehindProxy, startStack, type Stack } from '../support/stack';

// Headers that keep personal data out of caches and a plain-HTTP installation usable.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ worker: false });
});
afterAll(async () => {
  await stack?.stop();
});

describe('caching of API answers', () => {
  it('forbids storing the answers that carry IBANs and addresses, and the refusals too', async () => {
    const admin = await logIn(stack.baseUrl, 'admin@demo.test');
    const trainers = await fetch(`${stack.baseUrl}/api/v1/${admin.studioGroups[0]!.uuid}/trainers`, { headers: admin.headers });
    expect(trainers.status).toBe(200);
    expect(trainers.headers.get('cache-control')).toBe('no-store');
    const anonymous = await fetch(`${stack.baseUrl}/api/v2/trainer_account`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });
});

describe('HTTPS-only headers', () => {
  it('sends HSTS and upgrade-insecure-requests only for a request that came over HTTPS', async () => {
    const plain = await fetch(`${stack.baseUrl}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(plain.headers.get('content-security-policy')).toContain('frame-src \'self\' https://player.vimeo.com');

    // Any client may send X-Forwarded-Proto: without TRUST_PROXY it is not believed.
    const claimed = await fetch(`${stack.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();

    // As the TLS-terminating proxy in front of the app (on loopback, named in TRUST_PROXY) says.
    const behindProxy = await serveBehindProxy(stack, ['loopback']);
    try {
      const secure = await fetch(`${behindProxy.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      expect(secure.headers.get('content-security-policy')).toContain('frame-src \'self\' https://player.vimeo.com');
    } finally {
      await behindProxy.close();
    }
  });
});
