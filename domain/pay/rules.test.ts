import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rule, studioClass } from './fixtures.test-support';
import {
  berlinDateOf,
  compareRulePrecedence,
  createBerlinDateResolver,
  createRuleIndex,
  InvalidPaymentRuleError,
  paymentRuleProblems,
  ruleMatchesClass,
  selectRule,
  type ClassFacts,
  type PaymentTypeRuleInput,
} from './rules';

const selectedId = (rules: PaymentTypeRuleInput[], facts: ClassFacts) => selectRule(rules, facts)?.id ?? null;

describe('rule validity dates', () => {
  const old = rule({ id: 1, validFrom: '2026-01-01', validTo: '2026-03-15', flatCents: 3_000 });
  const successor = rule({ id: 2, validFrom: '2026-03-16', flatCents: 3_500 });

  it('applies a rule on its first and last day (both inclusive) and its successor from the next day', () => {
    expect(selectedId([old, successor], studioClass({ id: 1, startsAt: '2026-01-01T08:00:00Z' }))).toBe(1);
    expect(selectedId([old, successor], studioClass({ id: 1, startsAt: '2026-03-15T18:00:00Z' }))).toBe(1);
    expect(selectedId([old, successor], studioClass({ id: 1, startsAt: '2026-03-16T08:00:00Z' }))).toBe(2);
    expect(selectedId([old, successor], studioClass({ id: 1, startsAt: '2025-12-31T08:00:00Z' }))).toBeNull();
  });

  it('takes the date in Europe/Berlin, not UTC', () => {
    // 23:30 UTC on the 15th is 00:30 on the 16th in Berlin (CET, UTC+1).
    expect(berlinDateOf('2026-03-15T23:30:00Z')).toBe('2026-03-16');
    expect(selectedId([old, successor], studioClass({ id: 1, startsAt: '2026-03-15T23:30:00Z' }))).toBe(2);
    // 22:30 UTC on 15 July is 00:30 on the 16th in Berlin (CEST, UTC+2); 21:30 UTC is still the 15th.
    const summerOld = rule({ id: 3, validFrom: '2026-07-01', validTo: '2026-07-15' });
    const summerNew = rule({ id: 4, validFrom: '2026-07-16' });
    expect(selectedId([summerOld, summerNew], studioClass({ id: 1, startsAt: '2026-07-15T22:30:00Z' }))).toBe(4);
    expect(selectedId([summerOld, summerNew], studioClass({ id: 1, startsAt: '2026-07-15T21:30:00Z' }))).toBe(3);
    // A Date works as well as an ISO string with offset.
    expect(berlinDateOf(new Date('2026-03-16T00:30:00+01:00'))).toBe('2026-03-16');
  });

  it('keeps an open-ended rule valid forever', () => {
    expect(ruleMatchesClass(rule({ id: 1, validFrom: '2020-01-01' }), studioClass({ id: 1, startsAt: '2099-12-31T10:00:00Z' }))).toBe(true);
  });
});

describe('narrowing fields', () => {
  const facts = studioClass({ id: 1, trainerId: 100, studioId: 1, category: 'Yoga', name: 'Power Yoga Flow' });

  it('matches the class-name filter case-insensitively as a substring', () => {
    expect(ruleMatchesClass(rule({ id: 1, classNameFilter: 'yoga' }), facts)).toBe(true);
    expect(ruleMatchesClass(rule({ id: 1, classNameFilter: 'POWER YOGA' }), facts)).toBe(true);
    expect(ruleMatchesClass(rule({ id: 1, classNameFilter: 'pilates' }), facts)).toBe(false);
  });

  it('matches category, trainer and studio exactly (category ignoring case)', () => {
    expect(ruleMatchesClass(rule({ id: 1, category: 'yoga' }), facts)).toBe(true);
    expect(ruleMatchesClass(rule({ id: 1, category: 'Yog' }), facts)).toBe(false);
    expect(ruleMatchesClass(rule({ id: 1, trainerId: 100 }), facts)).toBe(true);
    expect(ruleMatchesClass(rule({ id: 1, trainerId: 101 }), facts)).toBe(false);
    expect(ruleMatchesClass(rule({ id: 1, studioId: 2 }), facts)).toBe(false);
    expect(ruleMatchesClass(rule({ id: 1, category: 'Yoga' }), { ...facts, category: null })).toBe(false);
  });

  it('treats blank narrowing fields as unset', () => {
    expect(ruleMatchesClass(rule({ id: 1, category: '  ', classNameFilter: '' }), facts)).toBe(true);
  });

  it('does not let a trainer-specific rule price a class without trainer', () => {
    expect(selectedId([rule({ id: 1, trainerId: 100 })], { ...facts, trainerId: null })).toBeNull();
  });
});

describe('most specific rule wins', () => {
  const facts = studioClass({ id: 1, trainerId: 100, studioId: 1, category: 'Yoga', name: 'Power Yoga' });
  const general = rule({ id: 1 });
  const byCategory = rule({ id: 2, category: 'Yoga' });
  const byStudio = rule({ id: 3, studioId: 1 });
  const byTrainer = rule({ id: 4, trainerId: 100 });
  const byNameFilter = rule({ id: 5, classNameFilter: 'power' });
  const byStudioAndCategory = rule({ id: 6, studioId: 1, category: 'Yoga' });
  const byTrainerAndNameFilter = rule({ id: 7, trainerId: 100, classNameFilter: 'yoga' });

  it('prefers more narrowing fields', () => {
    expect(selectedId([general, byCategory], facts)).toBe(2);
    expect(selectedId([byTrainer, byStudioAndCategory], facts)).toBe(6);
    expect(selectedId([general, byCategory, byStudio, byTrainer, byNameFilter, byStudioAndCategory, byTrainerAndNameFilter], facts)).toBe(7);
  });

  it('breaks ties between equally specific rules by trainer > studio > category > name filter', () => {
    expect(selectedId([byStudio, byTrainer], facts)).toBe(4);
    expect(selectedId([byCategory, byStudio], facts)).toBe(3);
    expect(selectedId([byNameFilter, byCategory], facts)).toBe(2);
    expect(selectedId([byStudioAndCategory, byTrainerAndNameFilter], facts)).toBe(7);
  });

  it('then prefers the later validFrom, then the lower id', () => {
    const older = rule({ id: 10, category: 'Yoga', validFrom: '2025-01-01' });
    const newer = rule({ id: 11, category: 'Yoga', validFrom: '2026-01-01' });
    expect(selectedId([older, newer], facts)).toBe(11);
    const twin = rule({ id: 9, category: 'Yoga', validFrom: '2026-01-01' });
    expect(selectedId([newer, twin], facts)).toBe(9);
  });

  it('is a total order whatever order the rules come in', () => {
    const rules = [general, byCategory, byStudio, byTrainer, byNameFilter, byStudioAndCategory, byTrainerAndNameFilter];
    const sorted = [...rules].sort(compareRulePrecedence).map((r) => r.id);
    expect(sorted).toEqual([7, 6, 4, 3, 2, 5, 1]);
    expect([...rules].reverse().sort(compareRulePrecedence).map((r) => r.id)).toEqual(sorted);
  });
});

describe('paymentRuleProblems', () => {
  it('accepts a complete rule and names what an incomplete one lacks', () => {
    expect(paymentRuleProblems(rule({ id: 1 }))).toEqual([]);
    expect(paymentRuleProblems(rule({ id: 1, kind: 'hourly', flatCents: null }))).toEqual(['hourlyCents.required']);
    expect(paymentRuleProblems(rule({ id: 1, bookedSlotMode: 'tiers' }))).toEqual(['tiers.required']);
    expect(paymentRuleProblems(rule({ id: 1, bookedSlotMode: 'per_slot' }))).toEqual(['perSlotCents.required']);
    expect(paymentRuleProblems(rule({ id: 1, bookedSlotMode: 'fixed_bonus' }))).toEqual(['fixedBonusCents.required']);
    expect(paymentRuleProblems(rule({ id: 1, minCents: 5_000, maxCents: 4_000 }))).toEqual(['minCents.aboveMaxCents']);
    expect(paymentRuleProblems(rule({ id: 1, validFrom: '2026-03-16', validTo: '2026-03-15' }))).toEqual(['validTo.beforeValidFrom']);
    expect(paymentRuleProblems(rule({ id: 1, validFrom: '2026-02-30' }))).toEqual(['validFrom.invalid']);
    expect(paymentRuleProblems(rule({ id: 1, flatCents: 12.5 }))).toEqual(['flatCents.required']);
  });

  it('makes selection refuse an invalid rule instead of pricing with it', () => {
    expect(() => selectRule([rule({ id: 42, flatCents: null })], studioClass({ id: 1 }))).toThrow(InvalidPaymentRuleError);
    expect(() => createRuleIndex([rule({ id: 42, flatCents: null })])).toThrow(/rule 42/);
  });
});

describe('createRuleIndex', () => {
  it('selects exactly what the linear selectRule selects', () => {
    const trainerIds = [100, 101, 102];
    const studioIds = [1, 2];
    const categories = ['Yoga', 'yoga', 'Dance', null];
    const names = ['Power Yoga', 'Salsa Basics', 'Rückenfit'];
    const dates = ['2026-01-01', '2026-02-15', '2026-02-16', '2026-03-01'];
    const ruleArbitrary = fc.record({
      trainerId: fc.option(fc.constantFrom(...trainerIds), { nil: null }),
      studioId: fc.option(fc.constantFrom(...studioIds), { nil: null }),
      category: fc.option(fc.constantFrom('Yoga', 'YOGA', 'Dance', ''), { nil: null }),
      classNameFilter: fc.option(fc.constantFrom('yoga', 'SALSA', 'fit', 'a'), { nil: null }),
      validFrom: fc.constantFrom(...dates),
      validToOffset: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    });
    const classArbitrary = fc.record({
      trainerId: fc.option(fc.constantFrom(...trainerIds), { nil: null }),
      studioId: fc.constantFrom(...studioIds),
      category: fc.constantFrom(...categories),
      name: fc.constantFrom(...names),
      startsAt: fc.integer({ min: Date.parse('2025-12-31T00:00:00Z'), max: Date.parse('2026-03-31T00:00:00Z') }),
    });
    fc.assert(
      fc.property(fc.array(ruleArbitrary, { maxLength: 25 }), fc.array(classArbitrary, { minLength: 1, maxLength: 20 }), (ruleSpecs, classSpecs) => {
        const rules = ruleSpecs.map(({ validToOffset, ...spec }, index) =>
          rule({ id: index + 1, ...spec, validTo: validToOffset === null ? null : dates[Math.min(dates.length - 1, dates.indexOf(spec.validFrom) + validToOffset)] }),
        );
        const index = createRuleIndex(rules);
        const resolveDate = createBerlinDateResolver();
        classSpecs.forEach((spec, i) => {
          const facts = studioClass({ id: i + 1, ...spec, startsAt: new Date(spec.startsAt) });
          expect(index.select(facts, resolveDate(spec.startsAt))?.id ?? null).toBe(selectedId(rules, facts));
        });
      }),
    );
  });
});

describe('createBerlinDateResolver', () => {
  it('agrees with a direct conversion around the DST changes and midnights', () => {
    const resolve = createBerlinDateResolver();
    const around = (iso: string) => fc.integer({ min: Date.parse(iso) - 3 * 3_600_000, max: Date.parse(iso) + 3 * 3_600_000 });
    fc.assert(
      fc.property(
        fc.oneof(around('2026-03-29T01:00:00Z'), around('2026-10-25T01:00:00Z'), around('2026-06-30T22:00:00Z'), around('2026-12-31T23:00:00Z')),
        (millis) => {
          expect(resolve(millis)).toBe(berlinDateOf(new Date(millis)));
        },
      ),
    );
  });
});
