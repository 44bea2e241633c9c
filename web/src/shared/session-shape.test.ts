import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZLocale } from '../../../contracts/common.contract';
import { ZLoginResponse, ZRole } from '../../../contracts/auth.contract';
import { sessionOf } from './session-shape';

// sessionOf stands in for ZLoginResponse.safeParse on the stored session (no zod before the first
// render): for any value, it accepts what the contract accepts and returns what the contract returns.

const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 2 }));
const maybe = <T,>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: anything });
const studioGroup = fc.record(
  { uuid: maybe(fc.string()), id: maybe(fc.integer()), mandantId: maybe(fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 53))), apiSlug: maybe(fc.string()), name: maybe(fc.string()), staffRole: maybe(fc.constantFrom('admin', 'accountant', 'owner')), extra: fc.string() },
  { requiredKeys: [] },
);
const storedSession = fc.record(
  {
    userUuid: maybe(fc.uuid()),
    apiKey: maybe(fc.string()),
    role: maybe(fc.constantFrom('trainer', 'staff', 'operator', 'admin', '')),
    locale: maybe(fc.constantFrom('de', 'en', 'es', 'DE')),
    name: maybe(fc.string()),
    studioGroups: maybe(fc.array(maybe(studioGroup), { maxLength: 3 })),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);

describe('the stored session check', () => {
  it('knows the contract\'s roles and languages', () => {
    for (const role of ZRole.options) expect(sessionOf({ userUuid: 'u', apiKey: 'k', role, locale: 'de', name: 'n', studioGroups: [] })?.role).toBe(role);
    for (const locale of ZLocale.options) expect(sessionOf({ userUuid: 'u', apiKey: 'k', role: 'trainer', locale, name: 'n', studioGroups: [] })?.locale).toBe(locale);
  });

  it('accepts and returns exactly what ZLoginResponse does', () => {
    fc.assert(
      fc.property(fc.oneof(storedSession, anything), (raw) => {
        const parsed = ZLoginResponse.safeParse(raw);
        expect(sessionOf(raw)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
