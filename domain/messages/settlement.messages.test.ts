import { describe, expect, it } from 'vitest';
import { translate } from './index';
import { settlementMessages } from './settlement.messages';

describe('settlement messages', () => {
  it('has every message in both languages with the same placeholders', () => {
    const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(settlementMessages)) {
      expect(text.de.length, key).toBeGreaterThan(0);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('words the month rule as the spec does', () => {
    expect(translate('en', 'settlement.monthNotBefore', { month: 'November 2026' })).toBe('You have to select a date before November 2026');
    expect(translate('de', 'settlement.monthNotBefore', { month: 'November 2026' })).toBe('Du musst ein Datum vor November 2026 auswählen');
    expect(translate('de', 'settlement.notInProgress', { status: 'settlement.status.completed' })).toBe('Diese Abrechnung ist abgeschlossen und kann nicht mehr geändert werden.');
  });
});
