import { isValidIBAN } from 'ibantools';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { SourceClass } from './connector';
import {
  createDemoConnector,
  DEMO_CLASS_CATEGORIES,
  DEMO_FITNESS_SLUG,
  DEMO_INCOMPLETE_TRAINERS,
  DEMO_NOT_VAT_LIABLE_TRAINERS,
  DEMO_TRAINER_EMAIL,
  DEMO_UNRULED_CATEGORY,
  DEMO_YOGA_SLUG,
  germanVatId,
} from './demo.connector';

const MONTHS = [
  ['2025-01-01', '2025-01-31'],
  ['2025-02-01', '2025-02-28'],
  ['2025-06-01', '2025-06-30'],
  ['2026-02-01', '2026-02-28'],
  ['2026-03-01', '2026-03-31'],
] as const;

async function classesOfRange(apiSlug: string, dateStart: string, dateEnd: string): Promise<SourceClass[]> {
  const connector = createDemoConnector({ apiSlug });
  const studios = await connector.listStudios();
  const perStudio = await Promise.all(studios.map((studio) => connector.listClasses({ studioSourceId: studio.sourceId, dateStart, dateEnd })));
  return perStudio.flat();
}

describe('demo connector, demo-fitness', () => {
  it('lists the three studios with stable source ids', async () => {
    const studios = await createDemoConnector({ apiSlug: DEMO_FITNESS_SLUG }).listStudios();
    expect(studios.map((studio) => studio.name)).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(studios.map((studio) => studio.sourceId)).toEqual(['DF-BER-MITTE', 'DF-HH-ALTONA', 'DF-MUC-SCHWABING']);
  });

  it('lists 25 trainers: one demo account, three incomplete, five not liable for VAT', async () => {
    const trainers = await createDemoConnector({ apiSlug: DEMO_FITNESS_SLUG }).listTrainers();
    expect(trainers).toHaveLength(25);
    expect(new Set(trainers.map((trainer) => trainer.sourceId)).size).toBe(25);
    expect(trainers.filter((trainer) => trainer.email === DEMO_TRAINER_EMAIL)).toHaveLength(1);

    const byId = new Map(trainers.map((trainer) => [trainer.sourceId, trainer]));
    expect(byId.get(DEMO_INCOMPLETE_TRAINERS.withoutIban)?.iban).toBeNull();
    const invalid = byId.get(DEMO_INCOMPLETE_TRAINERS.invalidIban)?.iban;
    expect(invalid).toMatch(/^DE\d{20}$/);
    expect(isValidIBAN(invalid!)).toBe(false);
    expect(byId.get(DEMO_INCOMPLETE_TRAINERS.withoutStreet)?.street).toBeNull();

    const incompleteIds: string[] = Object.values(DEMO_INCOMPLETE_TRAINERS);
    for (const trainer of trainers.filter((candidate) => !incompleteIds.includes(candidate.sourceId))) {
      expect(isValidIBAN(trainer.iban ?? ''), trainer.sourceId).toBe(true);
      expect(trainer.iban?.startsWith('DE')).toBe(true);
      expect(trainer.street && trainer.houseNumber && trainer.postalCode && trainer.city, trainer.sourceId).toBeTruthy();
      if (trainer.taxNumberMandatory) expect(trainer.taxNumber, trainer.sourceId).toBeTruthy();
    }
    expect(trainers.filter((trainer) => !trainer.vatLiable).map((trainer) => trainer.sourceId)).toEqual([...DEMO_NOT_VAT_LIABLE_TRAINERS]);
  });

  it('gives valid German VAT ids', () => {
    // Published VAT ids: the MOD 11,10 check digit must come out the same.
    expect(germanVatId('13669597')).toBe('DE136695976');
    expect(germanVatId('81458419')).toBe('DE814584193');
    expect(germanVatId('14345421')).toBe('DE143454214');
  });

  it.each(MONTHS)('has about 600 realistic classes in %s', async (dateStart, dateEnd) => {
    const classes = await classesOfRange(DEMO_FITNESS_SLUG, dateStart, dateEnd);
    expect(classes.length).toBeGreaterThan(500);
    expect(classes.length).toBeLessThan(700);
    const studioDays = new Set(classes.map((item) => `${item.studioSourceId}|${DateTime.fromJSDate(item.startsAt, { zone: 'Europe/Berlin' }).toISODate()}`));
    const days = Number(dateEnd.slice(8, 10));
    expect(studioDays.size).toBe(3 * days);
    for (const item of classes) {
      const local = DateTime.fromJSDate(item.startsAt, { zone: 'Europe/Berlin' });
      expect(local.toISODate()! >= dateStart && local.toISODate()! <= dateEnd).toBe(true);
      const startMinutes = local.hour * 60 + local.minute;
      expect(startMinutes).toBeGreaterThanOrEqual(6 * 60);
      expect(startMinutes + item.durationMinutes).toBeLessThanOrEqual(21 * 60);
      expect([45, 60, 75, 90]).toContain(item.durationMinutes);
      expect(item.slots).toBeGreaterThanOrEqual(12);
      expect(item.slots).toBeLessThanOrEqual(30);
      expect(item.bookedSlots).toBeLessThanOrEqual(item.slots);
      expect(item.attendees).toBeLessThanOrEqual(item.bookedSlots);
      expect(item.attendees).toBeGreaterThanOrEqual(0);
      expect([...DEMO_CLASS_CATEGORIES, DEMO_UNRULED_CATEGORY]).toContain(item.category);
    }
  });

  it.each(MONTHS)('has exactly 3 classes without trainer, 2 with several trainers and 2 unruled in %s', async (dateStart, dateEnd) => {
    const classes = await classesOfRange(DEMO_FITNESS_SLUG, dateStart, dateEnd);
    expect(classes.filter((item) => item.trainerSourceId === null)).toHaveLength(3);
    const several = classes.filter((item) => item.otherTrainerSourceIds.length > 0);
    expect(several).toHaveLength(2);
    for (const item of several) {
      expect(item.trainerSourceId).not.toBeNull();
      expect(item.otherTrainerSourceIds).not.toContain(item.trainerSourceId);
    }
    expect(classes.filter((item) => item.category === DEMO_UNRULED_CATEGORY)).toHaveLength(2);
  });

  it('is deterministic: the same range gives the same classes with the same source ids', async () => {
    const first = await classesOfRange(DEMO_FITNESS_SLUG, '2026-01-01', '2026-01-31');
    const second = await classesOfRange(DEMO_FITNESS_SLUG, '2026-01-01', '2026-01-31');
    expect(second).toEqual(first);
    const ids = first.map((item) => `${item.studioSourceId}|${item.sourceId}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives a part of a month the same classes as the whole month', async () => {
    const month = await classesOfRange(DEMO_FITNESS_SLUG, '2026-01-01', '2026-01-31');
    const week = await classesOfRange(DEMO_FITNESS_SLUG, '2026-01-10', '2026-01-16');
    const weekIds = new Set(week.map((item) => item.sourceId));
    expect(week.length).toBeGreaterThan(0);
    expect(month.filter((item) => weekIds.has(item.sourceId))).toEqual(
      expect.arrayContaining(week.map((item) => expect.objectContaining({ sourceId: item.sourceId, startsAt: item.startsAt, trainerSourceId: item.trainerSourceId }))),
    );
  });

  it('lists no classes for an unknown studio or an empty range', async () => {
    const connector = createDemoConnector({ apiSlug: DEMO_FITNESS_SLUG });
    expect(await connector.listClasses({ studioSourceId: 'nope', dateStart: '2026-01-01', dateEnd: '2026-01-31' })).toEqual([]);
    expect(await connector.listClasses({ studioSourceId: 'DF-BER-MITTE', dateStart: '2026-01-31', dateEnd: '2026-01-01' })).toEqual([]);
  });

  it('gives another studio group other classes', async () => {
    const fitness = await classesOfRange(DEMO_FITNESS_SLUG, '2026-01-01', '2026-01-07');
    const other = await classesOfRange('demo-fitness-2', '2026-01-01', '2026-01-07');
    expect(other.map((item) => item.startsAt.getTime())).not.toEqual(fitness.map((item) => item.startsAt.getTime()));
  });
});

describe('demo connector, demo-yoga', () => {
  it('has 2 studios, 6 trainers with the demo account, and about 120 yoga classes a month', async () => {
    const connector = createDemoConnector({ apiSlug: DEMO_YOGA_SLUG });
    expect(await connector.listStudios()).toHaveLength(2);
    const trainers = await connector.listTrainers();
    expect(trainers).toHaveLength(6);
    expect(trainers.filter((trainer) => trainer.email === DEMO_TRAINER_EMAIL)).toHaveLength(1);
    for (const trainer of trainers) expect(isValidIBAN(trainer.iban ?? '')).toBe(true);
    for (const [dateStart, dateEnd] of MONTHS) {
      const classes = await classesOfRange(DEMO_YOGA_SLUG, dateStart, dateEnd);
      expect(classes.length).toBeGreaterThan(90);
      expect(classes.length).toBeLessThan(150);
      expect(new Set(classes.map((item) => item.category))).toEqual(new Set(['Yoga']));
      expect(classes.every((item) => item.trainerSourceId !== null && item.otherTrainerSourceIds.length === 0)).toBe(true);
    }
  });
});
