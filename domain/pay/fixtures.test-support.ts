import type { AdminPositionInput } from './calculate';
import type { ClassFacts, PaymentTypeRuleInput } from './rules';

// Builders for the pay engine's tests: a sensible default with the fields a test cares about overridden.

export function rule(overrides: Partial<PaymentTypeRuleInput> & Pick<PaymentTypeRuleInput, 'id'>): PaymentTypeRuleInput {
  return {
    name: `Rule ${overrides.id}`,
    validFrom: '2020-01-01',
    kind: 'flat',
    flatCents: 3_000,
    bookedSlotMode: 'none',
    ...overrides,
  };
}

export function studioClass(overrides: Partial<ClassFacts> & Pick<ClassFacts, 'id'>): ClassFacts {
  return {
    studioId: 1,
    sourceId: `SRC-${overrides.id}`,
    startsAt: '2026-03-10T09:00:00Z',
    name: 'Power Yoga',
    category: 'Yoga',
    durationMinutes: 60,
    bookedSlots: 10,
    trainerId: 100,
    otherTrainerIds: [],
    ...overrides,
  };
}

export function adminPosition(overrides: Partial<AdminPositionInput> & Pick<AdminPositionInput, 'id'>): AdminPositionInput {
  return { trainerId: 100, kind: 'bonus', description: `Position ${overrides.id}`, netCents: 1_000, ...overrides };
}
