import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from './index';
import { commonMessages } from './common.messages';
import { importMessages } from './import.messages';

describe('translate', () => {
  it('answers a key in German and English, filling placeholders', () => {
    expect(translate('de', 'import.unknownSourceSystem', { sourceSystem: 'x' })).toBe("Unbekanntes Quellsystem 'x'.");
    expect(translate('en', 'import.unknownSourceSystem', { sourceSystem: 'x' })).toBe("Unknown source system 'x'.");
  });

  it('picks singular or plural nouns by count', () => {
    expect(translate('en', 'import.studioImported', { studio: 'Berlin', classes: 1 })).toBe('Berlin: 1 class imported.');
    expect(translate('de', 'import.studioImported', { studio: 'Berlin', classes: 207 })).toBe('Berlin: 207 Kurse importiert.');
  });

  it('translates a parameter that is itself a key', () => {
    expect(translate('de', 'validation.fieldMessage', { field: 'iban', reason: 'validation.ibanInvalid' })).toBe('iban: ist keine gültige IBAN');
  });

  it('leaves a text that is not a key as it is, and falls back to English for other languages', () => {
    expect(isMessageKey('Some server text')).toBe(false);
    expect(translate('de', 'Some server text')).toBe('Some server text');
    expect(translate('es', 'auth.wrongCredentials')).toBe('E-mail or password is wrong.');
  });

  it('has every message in both languages with the same placeholders', () => {
    for (const [key, text] of Object.entries({ ...commonMessages, ...importMessages })) {
      const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
      expect(text.de.length, key).toBeGreaterThan(0);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });
});
