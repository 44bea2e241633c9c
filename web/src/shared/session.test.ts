import { describe, expect, it } from 'vitest';
import { homePath, redirectAfterLogin } from './session';

describe('redirect after log-in', () => {
  it('sends staff and operators to the import dashboard and trainers to their profile', () => {
    expect(homePath('staff', 'de')).toBe('/de/admin/import');
    expect(homePath('operator', 'en')).toBe('/en/admin/import');
    expect(homePath('trainer', 'es')).toBe('/es/trainer/profile');
  });

  it('returns to the page that asked for the log-in, in the chosen language, within the own area only', () => {
    expect(redirectAfterLogin('/de/admin/import/ondemand?import=abc', 'staff', 'en')).toBe('/en/admin/import/ondemand?import=abc');
    expect(redirectAfterLogin('/de/admin/import', 'trainer', 'de')).toBe('/de/trainer/profile');
    expect(redirectAfterLogin('/de/administrator', 'staff', 'de')).toBe('/de/admin/import');
    expect(redirectAfterLogin('/de/trainer/logout', 'trainer', 'de')).toBe('/de/trainer/profile');
    expect(redirectAfterLogin('https://evil.example/admin/x', 'staff', 'de')).toBe('/de/admin/import');
    expect(redirectAfterLogin(undefined, 'staff', 'de')).toBe('/de/admin/import');
  });
});
