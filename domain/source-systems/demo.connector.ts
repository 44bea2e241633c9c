import { composeIBAN } from 'ibantools';
import { DateTime } from 'luxon';
import type { ListClassesQuery, SourceClass, SourceStudio, SourceSystemConnector, SourceTrainer } from './connector';

// The built-in "demo" source system: a studio-management system that exists only as a seeded
// generator, so the product can be tried (and tested) without a real integration. It does no I/O
// and is deterministic: the classes of a day depend only on the studio group's apiSlug, the date
// and the studio, so importing a week and then the whole month yields the same classes with the
// same source ids, and a re-import updates instead of duplicating.

export const DEMO_FITNESS_SLUG = 'demo-fitness';
export const DEMO_YOGA_SLUG = 'demo-yoga';
/** The e-mail of the demo trainer account; one trainer in each demo studio group carries it. */
export const DEMO_TRAINER_EMAIL = 'trainer@demo.test';
export const DEMO_CLASS_CATEGORIES = ['Cycling', 'Yoga', 'HIIT', 'Pilates', 'Dance'] as const;
/** A category no demo payment type rule covers: its classes show up in the data check. */
export const DEMO_UNRULED_CATEGORY = 'Event';
export const DEMO_TIME_ZONE = 'Europe/Berlin';
/** What every month of demo-fitness contains, so the data check and the reports have cases to show. */
export const DEMO_SPECIAL_CLASSES_PER_MONTH = { withoutTrainer: 3, severalTrainers: 2, unruled: 2 } as const;

export const DEMO_FITNESS_STUDIOS: readonly SourceStudio[] = [
  { sourceId: 'DF-BER-MITTE', name: 'Berlin Mitte', city: 'Berlin' },
  { sourceId: 'DF-HH-ALTONA', name: 'Hamburg Altona', city: 'Hamburg' },
  { sourceId: 'DF-MUC-SCHWABING', name: 'München Schwabing', city: 'München' },
];

export const DEMO_YOGA_STUDIOS: readonly SourceStudio[] = [
  { sourceId: 'DY-KREUZBERG', name: 'Yoga Loft Kreuzberg', city: 'Berlin' },
  { sourceId: 'DY-EHRENFELD', name: 'Yoga Loft Ehrenfeld', city: 'Köln' },
];

/** Trainers of demo-fitness whose data is deliberately incomplete (they cannot be billed). */
export const DEMO_INCOMPLETE_TRAINERS = {
  withoutIban: 'DF-T023',
  invalidIban: 'DF-T024',
  withoutStreet: 'DF-T025',
} as const;

/** Trainers of demo-fitness who are not liable for VAT (§19 UStG). */
export const DEMO_NOT_VAT_LIABLE_TRAINERS = ['DF-T018', 'DF-T019', 'DF-T020', 'DF-T021', 'DF-T022'] as const;

type Bank = { blz: string; bic: string };
const BANKS: Record<string, Bank> = {
  Berlin: { blz: '10050000', bic: 'BELADEBEXXX' },
  Hamburg: { blz: '20050550', bic: 'HASPDEHHXXX' },
  München: { blz: '70150000', bic: 'SSKMDEMMXXX' },
  Köln: { blz: '37050198', bic: 'COLSDE33XXX' },
};

type Address = { street: string; postalCode: string; city: string };
const ADDRESSES: Record<string, Address[]> = {
  Berlin: [
    { street: 'Torstraße', postalCode: '10119', city: 'Berlin' },
    { street: 'Kastanienallee', postalCode: '10435', city: 'Berlin' },
    { street: 'Oranienstraße', postalCode: '10999', city: 'Berlin' },
    { street: 'Weserstraße', postalCode: '12047', city: 'Berlin' },
  ],
  Hamburg: [
    { street: 'Ottenser Hauptstraße', postalCode: '22765', city: 'Hamburg' },
    { street: 'Bahrenfelder Straße', postalCode: '22765', city: 'Hamburg' },
    { street: 'Schulterblatt', postalCode: '20357', city: 'Hamburg' },
  ],
  München: [
    { street: 'Leopoldstraße', postalCode: '80802', city: 'München' },
    { street: 'Hohenzollernstraße', postalCode: '80801', city: 'München' },
    { street: 'Elisabethstraße', postalCode: '80796', city: 'München' },
  ],
  Köln: [
    { street: 'Venloer Straße', postalCode: '50825', city: 'Köln' },
    { street: 'Körnerstraße', postalCode: '50823', city: 'Köln' },
  ],
};

type TrainerSpec = {
  firstname: string;
  lastname: string;
  city: keyof typeof BANKS;
  /** Studios (by index in the profile's studio list) the trainer teaches in. */
  studios: number[];
  categories: string[];
  companyName?: string;
  email?: string;
};

const FITNESS_TRAINERS: TrainerSpec[] = [
  { firstname: 'Anna', lastname: 'Schmidt', city: 'Berlin', studios: [0, 1], categories: ['Yoga', 'Pilates'], email: DEMO_TRAINER_EMAIL },
  { firstname: 'Lukas', lastname: 'Müller', city: 'Berlin', studios: [0], categories: ['Cycling', 'HIIT'], companyName: 'Müller Athletics' },
  { firstname: 'Sophie', lastname: 'Wagner', city: 'Berlin', studios: [0], categories: ['Dance', 'Pilates'] },
  { firstname: 'Jonas', lastname: 'Becker', city: 'Berlin', studios: [0, 2], categories: ['HIIT', 'Cycling'] },
  { firstname: 'Marie', lastname: 'Hoffmann', city: 'Berlin', studios: [0], categories: ['Yoga', 'Pilates'], companyName: 'Hoffmann Yoga & Pilates' },
  { firstname: 'Felix', lastname: 'Schulz', city: 'Berlin', studios: [0], categories: ['Cycling'] },
  { firstname: 'Laura', lastname: 'Koch', city: 'Berlin', studios: [0], categories: ['Dance', 'HIIT'] },
  { firstname: 'Maximilian', lastname: 'Richter', city: 'Hamburg', studios: [1], categories: ['Cycling', 'HIIT'] },
  { firstname: 'Lea', lastname: 'Klein', city: 'Hamburg', studios: [1], categories: ['Yoga'] },
  { firstname: 'Paul', lastname: 'Wolf', city: 'Hamburg', studios: [1, 0], categories: ['HIIT', 'Cycling'], companyName: 'Wolf Performance UG' },
  { firstname: 'Hannah', lastname: 'Schröder', city: 'Hamburg', studios: [1], categories: ['Pilates', 'Dance'] },
  { firstname: 'Leon', lastname: 'Neumann', city: 'Hamburg', studios: [1], categories: ['Cycling'] },
  { firstname: 'Emma', lastname: 'Schwarz', city: 'Hamburg', studios: [1], categories: ['Dance', 'Yoga'] },
  { firstname: 'Finn', lastname: 'Zimmermann', city: 'München', studios: [2], categories: ['Dance'], companyName: 'Zimmermann Dance Studio' },
  { firstname: 'Mia', lastname: 'Braun', city: 'München', studios: [2], categories: ['Yoga', 'Pilates'] },
  { firstname: 'Elias', lastname: 'Krüger', city: 'München', studios: [2], categories: ['Cycling', 'HIIT'] },
  { firstname: 'Lina', lastname: 'Hofmann', city: 'München', studios: [2, 1], categories: ['Pilates'] },
  { firstname: 'Noah', lastname: 'Hartmann', city: 'München', studios: [2], categories: ['HIIT'] },
  { firstname: 'Clara', lastname: 'Lange', city: 'Berlin', studios: [0], categories: ['Yoga'] },
  { firstname: 'Ben', lastname: 'Schmitt', city: 'Hamburg', studios: [1], categories: ['Cycling', 'Dance'] },
  { firstname: 'Emilia', lastname: 'Werner', city: 'München', studios: [2], categories: ['Yoga', 'Dance'] },
  { firstname: 'Tim', lastname: 'Krause', city: 'Berlin', studios: [0, 2], categories: ['HIIT', 'Pilates'] },
  { firstname: 'Johanna', lastname: 'Meier', city: 'Hamburg', studios: [1], categories: ['Pilates', 'Yoga'] },
  { firstname: 'Moritz', lastname: 'Lehmann', city: 'München', studios: [2], categories: ['Cycling'] },
  { firstname: 'Sarah', lastname: 'Schmid', city: 'Berlin', studios: [0], categories: ['Dance'] },
];

const YOGA_TRAINERS: TrainerSpec[] = [
  { firstname: 'Anna', lastname: 'Schmidt', city: 'Berlin', studios: [0], categories: ['Yoga'], email: DEMO_TRAINER_EMAIL },
  { firstname: 'Katharina', lastname: 'Vogel', city: 'Berlin', studios: [0], categories: ['Yoga'], companyName: 'Vogel Yoga' },
  { firstname: 'David', lastname: 'Fuchs', city: 'Berlin', studios: [0, 1], categories: ['Yoga'] },
  { firstname: 'Julia', lastname: 'Keller', city: 'Köln', studios: [1], categories: ['Yoga'] },
  { firstname: 'Simon', lastname: 'Berger', city: 'Köln', studios: [1], categories: ['Yoga'] },
  { firstname: 'Nina', lastname: 'Frank', city: 'Köln', studios: [1, 0], categories: ['Yoga'] },
];

const CLASS_NAMES: Record<string, string[]> = {
  Cycling: ['Indoor Cycling', 'Cycling Intervals', 'Rhythm Ride'],
  Yoga: ['Vinyasa Flow', 'Hatha Yoga', 'Yin Yoga', 'Power Yoga'],
  HIIT: ['HIIT Bootcamp', 'Tabata', 'Functional Circuit'],
  Pilates: ['Mat Pilates', 'Pilates Core', 'Pilates Stretch'],
  Dance: ['Zumba', 'Dance Cardio', 'Barre'],
  [DEMO_UNRULED_CATEGORY]: ['Open Studio Event', 'Sommerfest Special'],
};

const DURATIONS: Record<string, number[]> = {
  Cycling: [45, 60],
  Yoga: [60, 75, 90],
  HIIT: [45, 60],
  Pilates: [45, 60, 75],
  Dance: [60, 75, 90],
  [DEMO_UNRULED_CATEGORY]: [90],
};

/** Classes start on the half hour between 06:00 and 20:00 and end by 21:00. */
const FIRST_START_MINUTES = 6 * 60;
const LAST_END_MINUTES = 21 * 60;
const START_SLOTS = Array.from({ length: 29 }, (_, i) => FIRST_START_MINUTES + i * 30);

type DemoProfile = {
  prefix: string;
  studios: readonly SourceStudio[];
  trainerSpecs: TrainerSpec[];
  categories: readonly string[];
  classesPerStudioDay: { min: number; max: number };
  /** Whether each month carries the special cases of DEMO_SPECIAL_CLASSES_PER_MONTH. */
  specials: boolean;
  incomplete: Partial<Record<keyof typeof DEMO_INCOMPLETE_TRAINERS, number>>;
  notVatLiable: number[];
  /** A trainer whose tax number is missing but marked as not mandatory: billable with the VAT ID they get. */
  taxNumberNotMandatory: number[];
};

const FITNESS_PROFILE: DemoProfile = {
  prefix: 'DF',
  studios: DEMO_FITNESS_STUDIOS,
  trainerSpecs: FITNESS_TRAINERS,
  categories: DEMO_CLASS_CATEGORIES,
  // 3 studios × ~30.4 days × 6.5 classes ≈ 600 classes a month
  classesPerStudioDay: { min: 5, max: 8 },
  specials: true,
  incomplete: { withoutIban: 22, invalidIban: 23, withoutStreet: 24 },
  notVatLiable: [17, 18, 19, 20, 21],
  taxNumberNotMandatory: [21],
};

const YOGA_PROFILE: DemoProfile = {
  prefix: 'DY',
  studios: DEMO_YOGA_STUDIOS,
  trainerSpecs: YOGA_TRAINERS,
  categories: ['Yoga'],
  // 2 studios × ~30.4 days × 2 classes ≈ 120 classes a month
  classesPerStudioDay: { min: 1, max: 3 },
  specials: false,
  incomplete: {},
  notVatLiable: [4],
  taxNumberNotMandatory: [],
};

/**
 * A studio group with another apiSlug (a test or a second demo group) gets the demo-fitness shape
 * with classes seeded by its own slug.
 */
const profileFor = (apiSlug: string): DemoProfile => (apiSlug === DEMO_YOGA_SLUG ? YOGA_PROFILE : FITNESS_PROFILE);

// --- seeded randomness -------------------------------------------------------------------------

/** FNV-1a: a stable 32-bit hash of the seed text. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for demo data; the same seed gives the same sequence. */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const intBetween = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// --- trainers ------------------------------------------------------------------------------------

const transliterate = (text: string) =>
  text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

/** A valid German VAT ID: DE + 8 digits + the ISO 7064 MOD 11,10 check digit. */
export function germanVatId(eightDigits: string): string {
  let product = 10;
  for (const digit of eightDigits) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return `DE${eightDigits}${check}`;
}

function germanIban(blz: string, index: number, prefix: string): string {
  const account = String((hashSeed(`${prefix}-account-${index}`) % 9_000_000_000) + 1_000_000_000).padStart(10, '0');
  const iban = composeIBAN({ countryCode: 'DE', bban: `${blz}${account}` });
  if (!iban) throw new Error(`Cannot compose an IBAN for ${blz}${account}`);
  return iban;
}

/** One changed digit always breaks the mod-97 check: a realistic typo. */
function withTypo(iban: string): string {
  const last = Number(iban.at(-1));
  return `${iban.slice(0, -1)}${(last + 1) % 10}`;
}

function buildTrainers(profile: DemoProfile): SourceTrainer[] {
  return profile.trainerSpecs.map((spec, index) => {
    const sourceId = `${profile.prefix}-T${String(index + 1).padStart(3, '0')}`;
    const addresses = ADDRESSES[spec.city];
    const address = addresses[index % addresses.length];
    const bank = BANKS[spec.city];
    const vatLiable = !profile.notVatLiable.includes(index);
    const taxNumberMandatory = !profile.taxNumberNotMandatory.includes(index);
    let iban: string | null = germanIban(bank.blz, index, profile.prefix);
    if (profile.incomplete.withoutIban === index) iban = null;
    if (profile.incomplete.invalidIban === index && iban) iban = withTypo(iban);
    return {
      sourceId,
      firstname: spec.firstname,
      lastname: spec.lastname,
      email: spec.email ?? `${transliterate(spec.firstname)}.${transliterate(spec.lastname)}@demo.test`,
      companyName: spec.companyName ?? null,
      street: profile.incomplete.withoutStreet === index ? null : address.street,
      houseNumber: String(3 + ((index * 7) % 120)),
      postalCode: address.postalCode,
      city: address.city,
      country: 'DE',
      iban,
      bic: iban ? bank.bic : null,
      taxNumber: taxNumberMandatory ? `${21 + (index % 70)}/${String(100 + index * 13).padStart(3, '0')}/${String(10_000 + index * 379).slice(-5)}` : null,
      taxNumberMandatory,
      // A VAT ID for the trainers trading as a company, as in real life, and for the one without a
      // tax number: a credit note (an e-invoice) names one of the two, so only then is it billable.
      vatId: (vatLiable && spec.companyName) || !taxNumberMandatory ? germanVatId(String(hashSeed(`${profile.prefix}-vat-${index}`) % 90_000_000 + 10_000_000)) : null,
      vatLiable,
      isEmployee: false,
    };
  });
}

// --- classes -------------------------------------------------------------------------------------

type SpecialKind = 'withoutTrainer' | 'severalTrainers' | 'unruled';
/** Key: `${day}|${studioIndex}`; the special applies to the first class of that studio and day. */
type MonthSpecials = Map<string, SpecialKind>;

function monthSpecials(apiSlug: string, profile: DemoProfile, month: string): MonthSpecials {
  const specials: MonthSpecials = new Map();
  if (!profile.specials) return specials;
  const kinds: SpecialKind[] = [];
  for (const [kind, count] of Object.entries(DEMO_SPECIAL_CLASSES_PER_MONTH) as [SpecialKind, number][]) {
    for (let i = 0; i < count; i++) kinds.push(kind);
  }
  const random = seededRandom(`${apiSlug}|${month}|specials`);
  const days = shuffled(random, Array.from({ length: daysInMonth(month) }, (_, i) => i + 1));
  // Distinct days, so no two specials can land on the same class.
  kinds.forEach((kind, i) => {
    const studioIndex = Math.floor(random() * profile.studios.length);
    specials.set(`${days[i]}|${studioIndex}`, kind);
  });
  return specials;
}

function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

function* datesBetween(dateStart: string, dateEnd: string): Generator<string> {
  const end = Date.parse(`${dateEnd}T00:00:00Z`);
  for (let time = Date.parse(`${dateStart}T00:00:00Z`); time <= end; time += 86_400_000) {
    yield new Date(time).toISOString().slice(0, 10);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type DayContext = {
  apiSlug: string;
  profile: DemoProfile;
  trainers: SourceTrainer[];
  studioIndex: number;
  date: string;
  special: SpecialKind | undefined;
};

function classesOfDay({ apiSlug, profile, trainers, studioIndex, date, special }: DayContext): SourceClass[] {
  const studio = profile.studios[studioIndex];
  const random = seededRandom(`${apiSlug}|${date}|${studio.sourceId}`);
  const count = intBetween(random, profile.classesPerStudioDay.min, profile.classesPerStudioDay.max);
  const starts = shuffled(random, START_SLOTS).slice(0, count).sort((a, b) => a - b);
  const teaching = profile.trainerSpecs
    .map((spec, index) => ({ spec, trainer: trainers[index] }))
    .filter(({ spec }) => spec.studios.includes(studioIndex));

  return starts.map((startMinutes, index) => {
    const isSpecial = index === 0 ? special : undefined;
    const category = isSpecial === 'unruled' ? DEMO_UNRULED_CATEGORY : pick(random, profile.categories);
    const fitting = DURATIONS[category].filter((minutes) => startMinutes + minutes <= LAST_END_MINUTES);
    const durationMinutes = pick(random, fitting.length > 0 ? fitting : [45]);
    const qualified = teaching.filter(({ spec }) => spec.categories.includes(category));
    const trainer = pick(random, qualified.length > 0 ? qualified : teaching).trainer;
    const slots = intBetween(random, 12, 30);
    const bookedSlots = Math.round(slots * (0.35 + 0.65 * random()));
    const attendees = Math.max(0, bookedSlots - intBetween(random, 0, 3));
    const others = teaching.filter((candidate) => candidate.trainer.sourceId !== trainer.sourceId);
    const otherTrainer = pick(random, others.length > 0 ? others : teaching).trainer;
    const hour = Math.floor(startMinutes / 60);
    const minute = startMinutes % 60;
    const startsAt = DateTime.fromObject(
      { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hour, minute },
      { zone: DEMO_TIME_ZONE },
    ).toJSDate();
    return {
      sourceId: `${studio.sourceId}-${date.replaceAll('-', '')}-${String(index + 1).padStart(2, '0')}`,
      studioSourceId: studio.sourceId,
      startsAt,
      name: pick(random, CLASS_NAMES[category]),
      category,
      room: category === 'Cycling' ? 'Cycling Room' : `Kursraum ${1 + (index % 2)}`,
      slots,
      bookedSlots,
      attendees,
      durationMinutes,
      trainerSourceId: isSpecial === 'withoutTrainer' ? null : trainer.sourceId,
      otherTrainerSourceIds: isSpecial === 'severalTrainers' ? [otherTrainer.sourceId] : [],
    };
  });
}

export function createDemoConnector({ apiSlug }: { apiSlug: string }): SourceSystemConnector {
  const profile = profileFor(apiSlug);
  const trainers = buildTrainers(profile);
  const specialsByMonth = new Map<string, MonthSpecials>();
  const specialsOf = (month: string) => {
    let specials = specialsByMonth.get(month);
    if (!specials) {
      specials = monthSpecials(apiSlug, profile, month);
      specialsByMonth.set(month, specials);
    }
    return specials;
  };

  return {
    name: 'demo',
    listStudios: async () => profile.studios.map((studio) => ({ ...studio })),
    listTrainers: async () => trainers.map((trainer) => ({ ...trainer })),
    listClasses: async ({ studioSourceId, dateStart, dateEnd }: ListClassesQuery) => {
      if (!ISO_DATE.test(dateStart) || !ISO_DATE.test(dateEnd)) {
        throw new RangeError(`Dates must be YYYY-MM-DD, got ${dateStart} – ${dateEnd}`);
      }
      const studioIndex = profile.studios.findIndex((studio) => studio.sourceId === studioSourceId);
      if (studioIndex < 0) return [];
      const classes: SourceClass[] = [];
      for (const date of datesBetween(dateStart, dateEnd)) {
        const special = specialsOf(date.slice(0, 7)).get(`${Number(date.slice(8, 10))}|${studioIndex}`);
        classes.push(...classesOfDay({ apiSlug, profile, trainers, studioIndex, date, special }));
      }
      return classes;
    },
  };
}
