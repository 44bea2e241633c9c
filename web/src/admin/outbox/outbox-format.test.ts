import { describe, expect, it } from 'vitest';
import { formatEmailTime, framedEmailHtml } from './outbox-format';

describe('outbox format', () => {
  it('writes date and time in the language of the page', () => {
    expect(formatEmailTime('2026-11-20T08:30:00.000Z', 'de')).toMatch(/^20\.11\.2026, \d{2}:30$/);
    expect(formatEmailTime('2026-11-20T08:30:00.000Z', 'en')).toMatch(/^20\/11\/2026, \d{2}:30$/);
    expect(formatEmailTime(null, 'de')).toBe('');
  });

  it('opens the links of a framed e-mail in a new tab', () => {
    expect(framedEmailHtml('<html><head><meta charset="utf-8"></head></html>')).toBe('<html><head><base target="_blank"><meta charset="utf-8"></head></html>');
    expect(framedEmailHtml('<p>x</p>')).toBe('<base target="_blank"><p>x</p>');
  });
});
