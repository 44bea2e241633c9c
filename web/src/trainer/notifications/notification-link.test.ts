import { describe, expect, it } from 'vitest';
import { localizedAppLink } from './notification-link';

const origin = 'https://trainerpay.example';

describe('localizedAppLink', () => {
  it('adds the page language to a link the server built without one', () => {
    expect(localizedAppLink('/trainer/accounting/review/g-1/s-1', 'en', origin)).toBe('/en/trainer/accounting/review/g-1/s-1');
  });
  it('replaces the language of a link that has one', () => {
    expect(localizedAppLink('/de/trainer/accounting/review/g-1/s-1?x=1#c', 'en', origin)).toBe('/en/trainer/accounting/review/g-1/s-1?x=1#c');
  });
  it('keeps a full address of this site inside the app', () => {
    expect(localizedAppLink(`${origin}/en/trainer/profile`, 'de', origin)).toBe('/de/trainer/profile');
  });
  it('leaves other sites alone', () => {
    expect(localizedAppLink('https://elsewhere.example/trainer/profile', 'de', origin)).toBeNull();
  });
});
