import { describe, expect, it } from 'vitest';
import {
  ADMINISTRATION_LINE_NAME,
  calculateSettlement,
  calculateTrainerSettlement,
  checkClasses,
  classPay,
  VAT_EXEMPTION_NOTE,
  type ClassSettlementLine,
  type TrainerSettlementInput,
} from './calculate';
import { adminPosition, rule, studioClass } from './fixtures.test-support';

const VAT_19 = 1900;
const pay = (overrides: Parameters<typeof rule>[0], facts: { durationMinutes?: number; bookedSlots?: number } = {}) =>
  classPay(rule(overrides), { durationMinutes: facts.durationMinutes ?? 60, bookedSlots: facts.bookedSlots ?? 10 }).netCents;

describe('classPay: rule kinds', () => {
  it('pays a flat amount per class whatever its length', () => {
    expect(pay({ id: 1, kind: 'flat', flatCents: 3_500 }, { durationMinutes: 90 })).toBe(3_500);
  });

  it('pays an hourly rate × duration / 60, rounded half up to the cent', () => {
    expect(pay({ id: 1, kind: 'hourly', flatCents: null, hourlyCents: 4_500 }, { durationMinutes: 45 })).toBe(3_375);
    expect(pay({ id: 1, kind: 'hourly', flatCents: null, hourlyCents: 4_000 }, { durationMinutes: 50 })).toBe(3_333); // 3333.33
    expect(pay({ id: 1, kind: 'hourly', flatCents: null, hourlyCents: 4_001 }, { durationMinutes: 30 })).toBe(2_001); // 2000.5
    expect(pay({ id: 1, kind: 'hourly', flatCents: null, hourlyCents: 4_000 }, { durationMinutes: 0 })).toBe(0);
  });

  it('adds euros per booked slot above the threshold', () => {
    const perSlot = { id: 1, flatCents: 3_000, bookedSlotMode: 'per_slot', bookedSlotThreshold: 8, perSlotCents: 150 } as const;
    expect(pay(perSlot, { bookedSlots: 12 })).toBe(3_000 + 4 * 150);
    expect(pay(perSlot, { bookedSlots: 8 })).toBe(3_000);
    expect(pay(perSlot, { bookedSlots: 3 })).toBe(3_000); // never negative
    expect(pay({ ...perSlot, bookedSlotThreshold: null }, { bookedSlots: 2 })).toBe(3_300);
  });

  it('adds the bonus of the highest tier reached, tiers in any order', () => {
    const tiers = {
      id: 1,
      flatCents: 3_000,
      bookedSlotMode: 'tiers',
      tiers: [
        { fromBookedSlots: 20, bonusCents: 1_500 },
        { fromBookedSlots: 10, bonusCents: 500 },
        { fromBookedSlots: 15, bonusCents: 1_000 },
      ],
    } as const;
    expect(pay(tiers, { bookedSlots: 9 })).toBe(3_000);
    expect(pay(tiers, { bookedSlots: 10 })).toBe(3_500);
    expect(pay(tiers, { bookedSlots: 19 })).toBe(4_000);
    expect(pay(tiers, { bookedSlots: 20 })).toBe(4_500);
    expect(pay(tiers, { bookedSlots: 99 })).toBe(4_500);
  });

  it('adds a fixed bonus from the threshold on', () => {
    const fixed = { id: 1, flatCents: 3_000, bookedSlotMode: 'fixed_bonus', bookedSlotThreshold: 12, fixedBonusCents: 1_000 } as const;
    expect(pay(fixed, { bookedSlots: 11 })).toBe(3_000);
    expect(pay(fixed, { bookedSlots: 12 })).toBe(4_000);
  });

  it('clamps to the minimum and maximum per class', () => {
    const hourly = { id: 1, kind: 'hourly', flatCents: null, hourlyCents: 4_000, minCents: 2_500, maxCents: 5_000 } as const;
    expect(classPay(rule(hourly), { durationMinutes: 30, bookedSlots: 0 })).toMatchObject({ unclampedCents: 2_000, netCents: 2_500, clampedTo: 'min' });
    expect(classPay(rule(hourly), { durationMinutes: 90, bookedSlots: 0 })).toMatchObject({ unclampedCents: 6_000, netCents: 5_000, clampedTo: 'max' });
    expect(classPay(rule(hourly), { durationMinutes: 60, bookedSlots: 0 })).toMatchObject({ netCents: 4_000, clampedTo: null });
    // The maximum caps the booked-slot extra too.
    const capped = { id: 1, flatCents: 4_000, bookedSlotMode: 'per_slot', perSlotCents: 200, bookedSlotThreshold: 0, maxCents: 5_000 } as const;
    expect(pay(capped, { bookedSlots: 10 })).toBe(5_000);
  });
});

describe('calculateTrainerSettlement', () => {
  const trainer = { id: 100, vatLiable: true };
  const base: TrainerSettlementInput = {
    trainer,
    vatRateBasisPoints: VAT_19,
    rules: [rule({ id: 1, flatCents: 1_050 }), rule({ id: 2, category: 'Dance', kind: 'hourly', flatCents: null, hourlyCents: 4_800 })],
    classes: [
      studioClass({ id: 3, startsAt: '2026-03-12T17:00:00Z', category: 'Dance', name: 'Salsa', durationMinutes: 90 }),
      studioClass({ id: 1, startsAt: '2026-03-02T09:00:00Z' }),
      studioClass({ id: 2, startsAt: '2026-03-05T09:00:00Z', trainerId: 101 }),
    ],
    adminPositions: [
      adminPosition({ id: 2, kind: 'deduction', description: 'Room damage', netCents: -1_050 }),
      adminPosition({ id: 1, kind: 'travel', description: 'Travel Hamburg', netCents: 2_000 }),
      adminPosition({ id: 3, trainerId: 101, netCents: 9_999 }),
    ],
  };

  it("prices the trainer's classes, adds their admin positions and sums the lines", () => {
    const result = calculateTrainerSettlement(base);
    expect(result.lines.map((line) => [line.kind, line.className, line.netCents, line.vatCents, line.grossCents])).toEqual([
      ['class', 'Power Yoga', 1_050, 200, 1_250],
      ['class', 'Salsa', 7_200, 1_368, 8_568],
      ['admin', ADMINISTRATION_LINE_NAME, 2_000, 380, 2_380],
      ['admin', ADMINISTRATION_LINE_NAME, -1_050, -200, -1_250],
    ]);
    expect(result.totals).toEqual({ netCents: 9_200, vatCents: 1_748, grossCents: 10_948 });
    expect(result.vatExempt).toBe(false);
    expect(result.lines.every((line) => line.vatRateBasisPoints === VAT_19)).toBe(true);
  });

  it('keeps the facts, the Berlin date, the rule snapshot and a stable hash on each class line', () => {
    const [first] = calculateTrainerSettlement(base).lines as ClassSettlementLine[];
    expect(first.class.id).toBe(1);
    expect(first.classDate).toBe('2026-03-02');
    expect(first.rule).toMatchObject({ id: 1, kind: 'flat', flatCents: 1_050, bookedSlotMode: 'none', trainerId: null, validTo: null });
    expect(JSON.parse(JSON.stringify(first.rule))).toEqual(first.rule);
    expect(first.classHash).toBe(calculateTrainerSettlement(base).lines[0].classHash);
  });

  it('mirrors a deduction: its VAT is the negated VAT of the same bonus', () => {
    const result = calculateTrainerSettlement({
      ...base,
      classes: [],
      adminPositions: [adminPosition({ id: 1, netCents: 1_050 }), adminPosition({ id: 2, kind: 'deduction', netCents: -1_050 })],
    });
    expect(result.lines.map((line) => line.vatCents)).toEqual([200, -200]);
    expect(result.totals).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
  });

  it('bills a trainer not liable for VAT at 0 % on every line (§19 UStG)', () => {
    const result = calculateTrainerSettlement({ ...base, trainer: { id: 100, vatLiable: false } });
    expect(result.vatExempt).toBe(true);
    expect(result.vatRateBasisPoints).toBe(0);
    expect(result.lines.every((line) => line.vatRateBasisPoints === 0 && line.vatCents === 0 && line.grossCents === line.netCents)).toBe(true);
    expect(result.totals).toEqual({ netCents: 9_200, vatCents: 0, grossCents: 9_200 });
    expect(VAT_EXEMPTION_NOTE.de).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    expect(VAT_EXEMPTION_NOTE.en).toBe('No VAT is charged under § 19 UStG (small business regulation).');
  });

  it('pays nobody for a class with several trainers, nor a class without rule', () => {
    const result = calculateTrainerSettlement({
      ...base,
      rules: [rule({ id: 1, category: 'Yoga' })],
      classes: [
        studioClass({ id: 1, otherTrainerIds: [101] }),
        studioClass({ id: 2, category: 'Dance' }),
        studioClass({ id: 3, otherTrainerIds: [100] }), // the main trainer listed again is not a second trainer
      ],
      adminPositions: [],
    });
    expect(result.lines.map((line) => (line as ClassSettlementLine).class.id)).toEqual([3]);
  });
});

describe('checkClasses', () => {
  it('reports classes without trainer, with several trainers and without rule, in class order', () => {
    const rules = [rule({ id: 1, category: 'Yoga' })];
    const check = checkClasses(
      [
        studioClass({ id: 4, startsAt: '2026-03-04T09:00:00Z', category: 'Dance' }),
        studioClass({ id: 3, startsAt: '2026-03-03T09:00:00Z', trainerId: 100, otherTrainerIds: [101, 102] }),
        studioClass({ id: 2, startsAt: '2026-03-02T09:00:00Z', trainerId: null }),
        studioClass({ id: 1, startsAt: '2026-03-01T09:00:00Z', trainerId: null, category: 'Dance' }),
        studioClass({ id: 5, startsAt: '2026-03-05T09:00:00Z' }),
      ],
      rules,
    );
    expect(check.withoutTrainer.map((facts) => facts.id)).toEqual([1, 2]);
    expect(check.withSeveralTrainers.map((facts) => facts.id)).toEqual([3]);
    expect(check.withoutRule.map((facts) => facts.id)).toEqual([1, 4]);
  });
});

describe('calculateSettlement', () => {
  it('settles every given trainer, leaves unselected trainers out and sums the trainer totals', () => {
    const result = calculateSettlement({
      trainers: [
        { id: 102, vatLiable: false },
        { id: 100, vatLiable: true },
      ],
      vatRateBasisPoints: VAT_19,
      rules: [rule({ id: 1, flatCents: 3_000 })],
      classes: [studioClass({ id: 1, trainerId: 100 }), studioClass({ id: 2, trainerId: 101 }), studioClass({ id: 3, trainerId: 102 })],
      adminPositions: [adminPosition({ id: 1, trainerId: 101, netCents: 500 })],
    });
    expect(result.trainers.map((settlement) => [settlement.trainerId, settlement.totals.grossCents])).toEqual([
      [100, 3_570],
      [102, 3_000],
    ]);
    expect(result.totals).toEqual({ netCents: 6_000, vatCents: 570, grossCents: 6_570 });
    expect(result.check).toEqual({ withoutTrainer: [], withSeveralTrainers: [], withoutRule: [] });
  });

  it('refuses a trainer given twice', () => {
    expect(() =>
      calculateSettlement({ trainers: [{ id: 1, vatLiable: true }, { id: 1, vatLiable: false }], vatRateBasisPoints: VAT_19, rules: [], classes: [], adminPositions: [] }),
    ).toThrow(/given twice/);
  });
});
