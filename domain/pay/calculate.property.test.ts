import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCents } from '../money/money';
import { calculateSettlement, type AdminPositionInput, type SettlementInput } from './calculate';
import type { BookedSlotTier, ClassFacts, PaymentTypeRuleInput } from './rules';

// Properties of the pay engine over random months: every total reconciles to the cent with its lines,
// VAT is the rounded exact rate, and the answer does not depend on the order of the inputs.

const TRAINER_IDS = [1, 2, 3, 4, 5, 6];
const STUDIO_IDS = [10, 11, 12];
const CATEGORIES = ['Yoga', 'Dance', 'Fitness'];
const CLASS_NAMES = ['Power Yoga', 'Yin Yoga', 'Salsa Basics', 'Zumba', 'Rückenfit'];
const DATES = ['2026-02-20', '2026-03-01', '2026-03-10', '2026-03-16', '2026-03-31'];
const MONTH_START = Date.parse('2026-02-28T00:00:00Z');
const MONTH_END = Date.parse('2026-04-01T00:00:00Z');

const cents = (max: number) => fc.integer({ min: 0, max });
/** Unset two times in three: narrow rules often, but not so often that most classes go unpriced. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary, weight: 1 });

const ruleArbitrary = fc
  .record({
    trainerId: sometimes(fc.constantFrom(...TRAINER_IDS)),
    studioId: sometimes(fc.constantFrom(...STUDIO_IDS)),
    category: sometimes(fc.constantFrom(...CATEGORIES, 'yoga')),
    classNameFilter: sometimes(fc.constantFrom('yoga', 'SALSA', 'fit', 'u')),
    validFrom: fc.constantFrom(...DATES),
    validToIndex: fc.option(fc.integer({ min: 0, max: DATES.length - 1 }), { nil: null }),
    kind: fc.constantFrom('flat' as const, 'hourly' as const),
    amountCents: cents(20_000),
    bookedSlotMode: fc.constantFrom('none' as const, 'per_slot' as const, 'tiers' as const, 'fixed_bonus' as const),
    bookedSlotThreshold: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    perSlotCents: cents(500),
    tiers: fc.uniqueArray(fc.record({ fromBookedSlots: fc.integer({ min: 0, max: 30 }), bonusCents: cents(3_000) }), {
      minLength: 1,
      maxLength: 4,
      selector: (tier: BookedSlotTier) => tier.fromBookedSlots,
    }),
    fixedBonusCents: cents(2_000),
    minCents: fc.option(cents(5_000), { nil: null }),
    maxExtraCents: fc.option(cents(20_000), { nil: null }),
  })
  .map(({ validToIndex, amountCents, maxExtraCents, ...spec }) => {
    const validTo = validToIndex === null ? null : DATES[Math.max(validToIndex, DATES.indexOf(spec.validFrom))];
    const maxCents = maxExtraCents === null ? null : (spec.minCents ?? 0) + maxExtraCents;
    return { ...spec, validTo, maxCents, flatCents: spec.kind === 'flat' ? amountCents : null, hourlyCents: spec.kind === 'hourly' ? amountCents : null };
  });

const classArbitrary = fc.record({
  studioId: fc.constantFrom(...STUDIO_IDS),
  startsAt: fc.integer({ min: MONTH_START, max: MONTH_END }),
  name: fc.constantFrom(...CLASS_NAMES),
  category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null, freq: 6 }),
  durationMinutes: fc.constantFrom(0, 30, 45, 50, 55, 60, 75, 90, 121),
  bookedSlots: fc.integer({ min: 0, max: 40 }),
  trainerId: fc.option(fc.constantFrom(...TRAINER_IDS), { nil: null, freq: 8 }),
  otherTrainerIds: fc.oneof({ arbitrary: fc.constant([] as number[]), weight: 8 }, { arbitrary: fc.array(fc.constantFrom(...TRAINER_IDS), { maxLength: 2 }), weight: 1 }),
});

const adminPositionArbitrary = fc.record({
  trainerId: fc.constantFrom(...TRAINER_IDS),
  kind: fc.constantFrom('bonus' as const, 'deduction' as const, 'travel' as const),
  netCents: fc.integer({ min: -50_000, max: 50_000 }),
});

const settlementInputArbitrary = fc
  .record({
    rules: fc.array(ruleArbitrary, { maxLength: 30, size: 'medium' }),
    classes: fc.array(classArbitrary, { maxLength: 80, size: 'medium' }),
    adminPositions: fc.array(adminPositionArbitrary, { maxLength: 12, size: 'medium' }),
    trainers: fc.subarray(TRAINER_IDS.map((id) => ({ id, vatLiable: id % 3 !== 0 }))),
    vatRateBasisPoints: fc.constantFrom(1900, 700, 0, 1650, 1),
  })
  .map(
    ({ rules, classes, adminPositions, ...rest }): SettlementInput => ({
      ...rest,
      // Ids are unique, as the database makes them.
      rules: rules.map((spec, index): PaymentTypeRuleInput => ({ id: index + 1, name: `Rule ${index + 1}`, ...spec })),
      classes: classes.map((spec, index): ClassFacts => ({ id: index + 1, sourceId: `C-${index + 1}`, ...spec, startsAt: new Date(spec.startsAt) })),
      adminPositions: adminPositions.map((spec, index): AdminPositionInput => ({ id: index + 1, description: `Position ${index + 1}`, ...spec })),
    }),
  );

/** A permutation of `items` from a seed (mulberry32 + Fisher–Yates), so fast-check can shrink the seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe('pay engine properties', () => {
  it("reconciles every trainer's totals with its lines, and the settlement totals with the trainers'", () => {
    fc.assert(
      fc.property(settlementInputArbitrary, (input) => {
        const result = calculateSettlement(input);
        for (const trainer of result.trainers) {
          expect(trainer.totals.netCents).toBe(sumCents(trainer.lines.map((line) => line.netCents)));
          expect(trainer.totals.vatCents).toBe(sumCents(trainer.lines.map((line) => line.vatCents)));
          expect(trainer.totals.grossCents).toBe(sumCents(trainer.lines.map((line) => line.grossCents)));
          expect(trainer.totals.grossCents).toBe(trainer.totals.netCents + trainer.totals.vatCents);
        }
        expect(result.totals.netCents).toBe(sumCents(result.trainers.map((trainer) => trainer.totals.netCents)));
        expect(result.totals.vatCents).toBe(sumCents(result.trainers.map((trainer) => trainer.totals.vatCents)));
        expect(result.totals.grossCents).toBe(sumCents(result.trainers.map((trainer) => trainer.totals.grossCents)));
      }),
      { numRuns: 300 },
    );
  });

  it('makes every line gross = net + VAT with VAT within half a cent of the exact rate', () => {
    fc.assert(
      fc.property(settlementInputArbitrary, (input) => {
        for (const trainer of calculateSettlement(input).trainers) {
          const trainerVatLiable = input.trainers.find((candidate) => candidate.id === trainer.trainerId)?.vatLiable;
          for (const line of trainer.lines) {
            expect(Number.isSafeInteger(line.netCents) && Number.isSafeInteger(line.vatCents)).toBe(true);
            expect(line.grossCents).toBe(line.netCents + line.vatCents);
            expect(line.vatRateBasisPoints).toBe(trainerVatLiable ? input.vatRateBasisPoints : 0);
            // |vat − net × rate / 10000| ≤ 1/2, in integers: |vat × 10000 − net × rate| ≤ 5000.
            expect(Math.abs(line.vatCents * 10_000 - line.netCents * line.vatRateBasisPoints)).toBeLessThanOrEqual(5_000);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('pays only classes with exactly one trainer and a rule, each once, to its trainer', () => {
    fc.assert(
      fc.property(settlementInputArbitrary, (input) => {
        const result = calculateSettlement(input);
        const selected = new Set(input.trainers.map((trainer) => trainer.id));
        const blocked = new Set([...result.check.withoutTrainer, ...result.check.withSeveralTrainers, ...result.check.withoutRule].map((facts) => facts.id));
        const expectedPaid = input.classes.filter((facts) => facts.trainerId !== null && selected.has(facts.trainerId) && !blocked.has(facts.id));
        const paid = result.trainers.flatMap((trainer) =>
          trainer.lines.flatMap((line) => (line.kind === 'class' ? [{ classId: line.class.id, trainerId: trainer.trainerId, lineTrainerId: line.class.trainerId }] : [])),
        );
        expect(paid.map((entry) => entry.classId).sort((a, b) => a - b)).toEqual(expectedPaid.map((facts) => facts.id).sort((a, b) => a - b));
        expect(paid.every((entry) => entry.trainerId === entry.lineTrainerId)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same result whatever order trainers, classes, rules and admin positions come in', () => {
    fc.assert(
      fc.property(settlementInputArbitrary, fc.integer(), (input, seed) => {
        const reordered: SettlementInput = {
          ...input,
          trainers: shuffled(input.trainers, seed),
          classes: shuffled(input.classes, seed + 1),
          rules: shuffled(input.rules, seed + 2),
          adminPositions: shuffled(input.adminPositions, seed + 3),
        };
        expect(calculateSettlement(reordered)).toEqual(calculateSettlement(input));
      }),
      { numRuns: 200 },
    );
  });
});
