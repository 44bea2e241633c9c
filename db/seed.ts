import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { upsertStudiosAndTrainers } from './master-data';
import { createDemoDocumentCategories, createDemoDocuments } from './seed-documents';
import { writeLogoFile } from './logo-storage';
import { drawDemoLogo, logoUrlPath } from '../domain/studio-group-logo';
import { hashPassword } from '../domain/passwords';
import {
  DEMO_CLASS_CATEGORIES,
  DEMO_FITNESS_SLUG,
  DEMO_FITNESS_STUDIOS,
  DEMO_TRAINER_EMAIL,
  DEMO_YOGA_SLUG,
  DEMO_YOGA_STUDIOS,
  createDemoConnector,
} from '../domain/source-systems/demo.connector';
import {
  ACCOUNTING_FILE_TYPES,
  Invitation,
  Mandant,
  PaymentTypeRule,
  Studio,
  StudioGroup,
  StudioGroupTrainer,
  Trainer,
  TrainerAccount,
  User,
  type UserRole,
} from './entities';

// The demo data of an empty database (`npm start`): two studio groups fed by the `demo` source
// system, their log-ins, payment type rules, an invitation and document categories. Classes are not
// seeded: the start script imports them through the class import workflow, as production would.

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_FITNESS_GROUP_NAME = 'Demo Fitness Group';
export const DEMO_YOGA_GROUP_NAME = 'Demo Yoga Collective';

export type DemoLogin = {
  email: string;
  password: string;
  role: UserRole;
  /** The studio group the log-in works in (staff: the group it manages). */
  studioGroup: string | null;
  /** One line for the README and the start output. */
  description: string;
};

/** The demo log-ins, for the README and the start script's output. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    email: 'admin@demo.test',
    password: DEMO_PASSWORD,
    role: 'staff',
    studioGroup: DEMO_FITNESS_GROUP_NAME,
    description: `admin of ${DEMO_FITNESS_GROUP_NAME} (German)`,
  },
  {
    email: 'admin2@demo.test',
    password: DEMO_PASSWORD,
    role: 'staff',
    studioGroup: DEMO_YOGA_GROUP_NAME,
    description: `admin of ${DEMO_YOGA_GROUP_NAME} (English)`,
  },
  {
    email: DEMO_TRAINER_EMAIL,
    password: DEMO_PASSWORD,
    role: 'trainer',
    studioGroup: DEMO_FITNESS_GROUP_NAME,
    description: `trainer portal, linked to ${DEMO_FITNESS_GROUP_NAME}, invited by ${DEMO_YOGA_GROUP_NAME}`,
  },
  { email: 'ops@demo.test', password: DEMO_PASSWORD, role: 'operator', studioGroup: null, description: 'platform operator' },
];

export type SeedSummary = {
  /** False when the database already had data and nothing was written. */
  seeded: boolean;
  studioGroups: { uuid: string; apiSlug: string; name: string; studios: number; trainers: number }[];
  users: number;
  paymentTypeRules: number;
  invitations: number;
  documentCategories: number;
};

/** Rules of every demo group start here, long before any month one could settle. */
const RULES_VALID_FROM = '2020-01-01';

/** Hourly rates of demo-fitness per class category, in cents (25–45 EUR). */
const FITNESS_HOURLY_CENTS: Record<string, number> = {
  Cycling: 3000,
  Yoga: 3500,
  HIIT: 4000,
  Pilates: 3500,
  Dance: 2500,
};

// Arbitrary, fixed key for the advisory lock that serialises concurrent seeders (two api
// processes starting at once against one database).
const SEED_LOCK_KEY = 7_342_001;

/**
 * Seeds the demo data into an empty database (one without any mandant), in one transaction.
 * A no-op on a database that has data; returns what it created.
 */
export async function seedDemoData(orm: MikroORM, options: { dataDir?: string } = {}): Promise<SeedSummary> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(?)', [SEED_LOCK_KEY]);
    if ((await em.count(Mandant, {})) > 0) {
      return { seeded: false, studioGroups: [], users: 0, paymentTypeRules: 0, invitations: 0, documentCategories: 0 };
    }

    const mandant = em.create(Mandant, { name: 'Demo' });
    // The demo groups are in use from the start (docs/decisions/0125).
    const liveAt = new Date();
    const fitness = em.create(StudioGroup, {
      mandant,
      name: DEMO_FITNESS_GROUP_NAME,
      companyName: 'Demo Fitness GmbH',
      apiSlug: DEMO_FITNESS_SLUG,
      sourceSystem: 'demo',
      street: 'Torstraße',
      houseNumber: '1',
      postalCode: '10119',
      city: 'Berlin',
      country: 'DE',
      taxNumber: '30/123/45678',
      vatId: 'DE123456788',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountingEmail: 'buchhaltung@demo.test',
      accountingFiles: [...ACCOUNTING_FILE_TYPES],
      vatRateBasisPoints: 1900,
      creditNotePrefix: 'GS',
      liveAt,
      // DATEV: the accountant's numbers, SKR03, fees on 3100 "Fremdleistungen", creditors from 70000.
      datevChart: 'SKR03',
      datevConsultantNumber: 29098,
      datevClientNumber: 55003,
      datevFiscalYearStartMonth: 1,
      datevExpenseAccount: 3100,
      datevCreditorRangeStart: 70000,
      datevCreditorRangeEnd: 99999,
    });
    const yoga = em.create(StudioGroup, {
      mandant,
      name: DEMO_YOGA_GROUP_NAME,
      companyName: 'Demo Yoga Collective GmbH',
      apiSlug: DEMO_YOGA_SLUG,
      sourceSystem: 'demo',
      street: 'Große Elbstraße',
      houseNumber: '145',
      postalCode: '22767',
      city: 'Hamburg',
      country: 'DE',
      taxNumber: '43/765/43210',
      vatId: 'DE298765435',
      iban: 'DE02200505501015871393',
      bic: 'HASPDEHHXXX',
      accountingEmail: 'buchhaltung-yoga@demo.test',
      accountingFiles: [...ACCOUNTING_FILE_TYPES],
      vatRateBasisPoints: 1900,
      creditNotePrefix: 'GS',
      liveAt,
    });
    await em.flush();

    const studioGroups: SeedSummary['studioGroups'] = [];
    for (const studioGroup of [fitness, yoga]) {
      const counts = await upsertStudiosAndTrainers({
        em,
        studioGroup,
        connector: createDemoConnector({ apiSlug: studioGroup.apiSlug }),
      });
      studioGroups.push({ uuid: studioGroup.uuid, apiSlug: studioGroup.apiSlug, name: studioGroup.name, ...counts });
    }

    const users = await createDemoUsers(em, { fitness, yoga });
    const paymentTypeRules = (await createFitnessRules(em, fitness)) + (await createYogaRules(em, yoga));

    // The demo trainer is already linked to demo-fitness and has been invited to demo-yoga, so the
    // portal's invitation screen has something to accept.
    const yogaTrainerRecord = await em.findOneOrFail(Trainer, { studioGroup: yoga, email: DEMO_TRAINER_EMAIL });
    em.create(Invitation, { studioGroup: yoga, trainer: yogaTrainerRecord, email: DEMO_TRAINER_EMAIL, status: 'pending' });

    let documentCategories = 0;
    for (const studioGroup of [fitness, yoga]) {
      documentCategories += createDemoDocumentCategories(em, studioGroup);
    }

    await em.flush();
    if (options.dataDir) {
      await createDemoDocuments(em, { studioGroup: fitness, dataDir: options.dataDir });
      await createDemoLogos(em, { fitness, yoga, dataDir: options.dataDir });
    }
    return { seeded: true, studioGroups, users, paymentTypeRules, invitations: 1, documentCategories };
  });
}

/** Logos as the demo groups' staff would have uploaded them, so the portal looks as it does for a customer. */
export async function createDemoLogos(em: EntityManager, { fitness, yoga, dataDir }: { fitness: StudioGroup; yoga: StudioGroup; dataDir: string }) {
  const logos = [
    { group: fitness, bytes: drawDemoLogo({ mark: 'dumbbell', wordMark: 'DEMO FITNESS', colour: '#d9480f' }) },
    { group: yoga, bytes: drawDemoLogo({ mark: 'lotus', wordMark: 'DEMO YOGA', colour: '#0f6b5c' }) },
  ];
  for (const { group, bytes } of logos) {
    await writeLogoFile(dataDir, group.uuid, bytes);
    group.logoPath = logoUrlPath(group.uuid);
  }
  await em.flush();
}

/** The demo-fitness trainer without self-billing consent (complete data otherwise). */
export const DEMO_NO_CONSENT_TRAINER = 'DF-T017';

async function createDemoUsers(em: EntityManager, groups: { fitness: StudioGroup; yoga: StudioGroup }): Promise<number> {
  const passwordHash = async () => hashPassword(DEMO_PASSWORD);

  const fitnessAdmin = em.create(User, {
    email: 'admin@demo.test',
    passwordHash: await passwordHash(),
    role: 'staff',
    locale: 'de',
    firstname: 'Anna',
    lastname: 'Admin',
    isVerified: true,
    staffStudioGroups: [groups.fitness],
  });

  em.create(User, {
    email: 'admin2@demo.test',
    passwordHash: await passwordHash(),
    role: 'staff',
    locale: 'en',
    firstname: 'Alex',
    lastname: 'Admin',
    isVerified: true,
    staffStudioGroups: [groups.yoga],
  });

  em.create(User, {
    email: 'ops@demo.test',
    passwordHash: await passwordHash(),
    role: 'operator',
    locale: 'en',
    firstname: 'Otto',
    lastname: 'Operator',
    isVerified: true,
  });

  // The portal trainer's account carries the same, complete data as their demo-fitness record.
  const record = await em.findOneOrFail(Trainer, { studioGroup: groups.fitness, email: DEMO_TRAINER_EMAIL });
  const trainerUser = em.create(User, {
    email: DEMO_TRAINER_EMAIL,
    passwordHash: await passwordHash(),
    role: 'trainer',
    locale: 'de',
    firstname: record.firstname ?? 'Demo',
    lastname: record.lastname ?? 'Trainer',
    isVerified: true,
  });
  const account = em.create(TrainerAccount, {
    user: trainerUser,
    firstname: trainerUser.firstname,
    lastname: trainerUser.lastname,
    email: DEMO_TRAINER_EMAIL,
    phone: '+49 30 12345678',
    companyName: record.companyName,
    street: record.street,
    house: record.houseNumber,
    zip: record.postalCode,
    city: record.city,
    country: record.country ?? 'DE',
    language: 'de',
    iban: record.iban,
    bic: record.bic,
    isTaxRelevant: record.vatLiable,
    taxNumber: record.taxNumber,
    vatId: record.vatId,
    recommendationCode: 'DEMO-TRAINER',
  });
  // The demo trainer consented to self-billing (§14 (2) UStG) when linking, so credit notes can be issued.
  em.create(StudioGroupTrainer, {
    studioGroup: groups.fitness,
    trainer: record,
    trainerAccount: account,
    selfBillingConsentAt: new Date(),
    selfBillingConsentBy: trainerUser,
  });
  // The other demo-fitness trainers agreed to self-billing in their freelance contracts (recorded by
  // the admin), all but DF-T017: the screens show what happens to a trainer without consent.
  const contracted = await em.find(Trainer, { studioGroup: groups.fitness, sourceId: { $nin: [DEMO_NO_CONSENT_TRAINER] } });
  for (const trainer of contracted) {
    if (trainer.id === record.id) continue;
    trainer.selfBillingAgreementAt = new Date();
    trainer.selfBillingAgreementBy = fitnessAdmin;
  }
  return 4;
}

/**
 * demo-fitness: an hourly rate per category (Cycling with a booked-slot bonus), a higher Yoga rate
 * in München Schwabing (more specific than the category rule, so it wins there) and a flat rate for
 * one trainer's HIIT classes. Every rule names a category, so the classes of DEMO_UNRULED_CATEGORY
 * match none and show up in the data check.
 */
async function createFitnessRules(em: EntityManager, studioGroup: StudioGroup): Promise<number> {
  let count = 0;
  for (const category of DEMO_CLASS_CATEGORIES) {
    const hourlyCents = FITNESS_HOURLY_CENTS[category] ?? 3000;
    const withBonus = category === 'Cycling';
    em.create(PaymentTypeRule, {
      studioGroup,
      name: withBonus ? `${category}: Stundensatz + Bonus ab 16 Buchungen` : `${category}: Stundensatz`,
      category,
      validFrom: RULES_VALID_FROM,
      kind: 'hourly',
      hourlyCents,
      // 0.50 EUR for every booked slot above 15.
      ...(withBonus ? { bookedSlotMode: 'per_slot' as const, bookedSlotThreshold: 15, perSlotCents: 50 } : {}),
    });
    count += 1;
  }

  const schwabing = await em.findOneOrFail(Studio, { studioGroup, sourceId: DEMO_FITNESS_STUDIOS[2].sourceId });
  em.create(PaymentTypeRule, {
    studioGroup,
    name: `Yoga ${schwabing.name}: Stundensatz`,
    category: 'Yoga',
    studio: schwabing,
    validFrom: RULES_VALID_FROM,
    kind: 'hourly',
    hourlyCents: 4500,
  });
  count += 1;

  const hiitTrainer = await em.findOneOrFail(Trainer, { studioGroup, sourceId: 'DF-T002' });
  em.create(PaymentTypeRule, {
    studioGroup,
    name: `HIIT ${hiitTrainer.firstname} ${hiitTrainer.lastname}: Pauschale pro Kurs`,
    category: 'HIIT',
    trainer: hiitTrainer,
    validFrom: RULES_VALID_FROM,
    kind: 'flat',
    flatCents: 4000,
  });
  count += 1;

  await em.flush();
  return count;
}

/** demo-yoga: Yoga by the hour with a tiered booking bonus; Ehrenfeld pays less but a fixed bonus from 18 bookings. */
async function createYogaRules(em: EntityManager, studioGroup: StudioGroup): Promise<number> {
  em.create(PaymentTypeRule, {
    studioGroup,
    name: 'Yoga: Stundensatz + Staffelbonus',
    category: 'Yoga',
    validFrom: RULES_VALID_FROM,
    kind: 'hourly',
    hourlyCents: 3800,
    bookedSlotMode: 'tiers',
    tiers: [
      { fromBookedSlots: 10, bonusCents: 500 },
      { fromBookedSlots: 20, bonusCents: 1000 },
    ],
  });

  const ehrenfeld = await em.findOneOrFail(Studio, { studioGroup, sourceId: DEMO_YOGA_STUDIOS[1].sourceId });
  em.create(PaymentTypeRule, {
    studioGroup,
    name: `${ehrenfeld.name}: Stundensatz + Bonus ab 18 Buchungen`,
    category: 'Yoga',
    studio: ehrenfeld,
    validFrom: RULES_VALID_FROM,
    kind: 'hourly',
    hourlyCents: 3400,
    bookedSlotMode: 'fixed_bonus',
    bookedSlotThreshold: 18,
    fixedBonusCents: 800,
  });

  await em.flush();
  return 2;
}
