import { describe, expect, it } from 'vitest';
import { isCampaignActive, recommendationCodeFrom } from './index';

describe('recommendation code', () => {
  it('is the first name in capitals without accents and four unambiguous characters', () => {
    const code = recommendationCodeFrom('Jürgen-Øle', new Uint8Array([0, 1, 2, 30]));
    expect(code).toBe('JURGENLE-ABC9');
    expect(recommendationCodeFrom('Straße', new Uint8Array([5, 5, 5, 5]))).toBe('STRASSE-FFFF');
    expect(recommendationCodeFrom('李', new Uint8Array([0, 0, 0, 0]))).toBe('TRAINER-AAAA');
    expect(recommendationCodeFrom('Anna', new Uint8Array([9, 8, 7, 6]))).toMatch(/^ANNA-[A-HJKMNP-Z2-9]{4}$/);
  });
});

describe('referral campaign', () => {
  it('runs through its last day in Berlin time', () => {
    expect(isCampaignActive('2025-12-31', new Date('2025-12-31T22:59:00Z'))).toBe(true);
    expect(isCampaignActive('2025-12-31', new Date('2025-12-31T23:01:00Z'))).toBe(false);
    expect(isCampaignActive('2027-01-31', new Date('2026-11-24T12:00:00Z'))).toBe(true);
  });
});
