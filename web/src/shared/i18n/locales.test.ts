import { describe, expect, it } from 'vitest';
import { browserLocale, localeOfPath, switchLocaleInPath } from './locales';

describe('locales', () => {
  it('switches the language of a path and keeps the rest', () => {
    expect(switchLocaleInPath('/de/admin/import/ondemand', 'en')).toBe('/en/admin/import/ondemand');
    expect(switchLocaleInPath('/en/login', 'es')).toBe('/es/login');
    expect(switchLocaleInPath('/', 'de')).toBe('/de');
    expect(switchLocaleInPath('/admin/import', 'de')).toBe('/de/admin/import');
  });

  it('reads the locale of a path', () => {
    expect(localeOfPath('/es/trainer/profile')).toBe('es');
    expect(localeOfPath('/fr/login')).toBeNull();
    expect(localeOfPath('/')).toBeNull();
  });

  it('takes the first supported browser language', () => {
    expect(browserLocale(['fr-FR', 'en-US', 'de'])).toBe('en');
    expect(browserLocale(['fr'])).toBeNull();
  });
});
