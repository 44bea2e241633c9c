import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../domain/passwords';
import { DEMO_TRAINER_EMAIL, DEMO_UNRULED_CATEGORY } from '../domain/source-systems/demo.connector';
import {
  DocumentCategory,
  Invitation,
  Mandant,
  PaymentTypeRule,
  Studio,
  StudioClass,
  StudioGroup,
  StudioGroupTrainer,
  Trainer,
  TrainerAccount,
  User,
} from './entities';
import { initOrm, migrateToLatest } from './orm';
import { createDemoLogos, DEMO_LOGINS, seedDemoData } from './seed';
import { readLogoFile } from './logo-storage';
import { logoFileName, logoUrlPath } from '../domain/studio-group-logo';

// Migrations and seed on a database of its own: the PostgreSQL server of DATABASE_ADMIN_URL, else
// the one the shared test set-up started, else the local development server.
const adminUrl =
  process.env.DATABASE_ADMIN_URL || inject('postgresAdminUrl') || 'postgresql://postgres@127.0.0.1:5432/postgres';
const databaseName = `trainerpay_seed_test_${randomBytes(4).toString('hex')}`;

async function onAdminConnection(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('demo seed', () => {
  let orm: MikroORM;
  let firstRun: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    await onAdminConnection(`create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    orm = await initOrm(url.toString());
    await migrateToLatest(orm);
    firstRun = await seedDemoData(orm);
  });

  afterAll(async () => {
    await orm?.close(true);
    await onAdminConnection(`drop database if exists ${databaseName} with (force)`);
  });

  it('leaves no entity change without a migration', async () => {
    expect(await orm.getMigrator().checkMigrationNeeded()).toBe(false);
  });

  it('creates the two demo studio groups with studios and trainers from the demo source system', async () => {
    const em = orm.em.fork();
    expect(firstRun.seeded).toBe(true);
    expect(await em.count(Mandant, {})).toBe(1);
    const groups = await em.find(StudioGroup, {}, { orderBy: { apiSlug: 'asc' } });
    expect(groups.map((group) => [group.apiSlug, group.name])).toEqual([
      ['demo-fitness', 'Demo Fitness Group'],
      ['demo-yoga', 'Demo Yoga Collective'],
    ]);
    const fitness = groups[0];
    expect(fitness).toMatchObject({
      companyName: 'Demo Fitness GmbH',
      sourceSystem: 'demo',
      city: 'Berlin',
      vatRateBasisPoints: 1900,
      creditNotePrefix: 'GS',
      accountingFiles: ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF'],
    });
    const studios = await em.find(Studio, { studioGroup: fitness }, { orderBy: { name: 'asc' } });
    expect(studios.map((studio) => studio.name)).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    expect(await em.count(Trainer, { studioGroup: fitness })).toBe(25);
    expect(await em.count(Trainer, { studioGroup: fitness, vatLiable: false })).toBe(5);
    expect(await em.count(Studio, { studioGroup: groups[1] })).toBeGreaterThanOrEqual(1);
    expect(await em.count(Trainer, { studioGroup: groups[1], email: DEMO_TRAINER_EMAIL })).toBe(1);
    // Classes arrive through the class import workflow, not the seed.
    expect(await em.count(StudioClass, {})).toBe(0);
  });

  it('creates every demo log-in with the demo password', async () => {
    const em = orm.em.fork();
    for (const login of DEMO_LOGINS) {
      const user = await em.findOneOrFail(User, { email: login.email }, { populate: ['staffStudioGroups'] });
      expect(user.role).toBe(login.role);
      expect(await verifyPassword(user.passwordHash, login.password)).toBe(true);
      if (login.role === 'staff') expect(user.staffStudioGroups.getItems().map((group) => group.name)).toEqual([login.studioGroup]);
    }
    expect(await em.findOneOrFail(User, { email: 'admin@demo.test' })).toMatchObject({ locale: 'de', firstname: 'Anna', lastname: 'Admin' });
    expect(await em.findOneOrFail(User, { email: 'admin2@demo.test' })).toMatchObject({ locale: 'en' });
  });

  it('links the demo trainer to their demo-fitness record and invites them to demo-yoga', async () => {
    const em = orm.em.fork();
    const account = await em.findOneOrFail(TrainerAccount, { user: { email: DEMO_TRAINER_EMAIL } });
    expect(account.iban).toMatch(/^DE\d{20}$/);
    const link = await em.findOneOrFail(StudioGroupTrainer, { trainerAccount: account }, { populate: ['trainer', 'studioGroup'] });
    expect(link.studioGroup.apiSlug).toBe('demo-fitness');
    expect(link.trainer.email).toBe(DEMO_TRAINER_EMAIL);
    const invitation = await em.findOneOrFail(Invitation, { email: DEMO_TRAINER_EMAIL }, { populate: ['studioGroup', 'trainer'] });
    expect(invitation.status).toBe('pending');
    expect(invitation.studioGroup.apiSlug).toBe('demo-yoga');
    expect(invitation.trainer.email).toBe(DEMO_TRAINER_EMAIL);
  });

  it('creates payment type rules narrowed by category, none for the unruled demo category', async () => {
    const em = orm.em.fork();
    const rules = await em.find(PaymentTypeRule, { studioGroup: { apiSlug: 'demo-fitness' } });
    expect(rules.length).toBeGreaterThanOrEqual(7);
    expect(rules.every((rule) => rule.category && rule.category !== DEMO_UNRULED_CATEGORY)).toBe(true);
    expect(rules.some((rule) => rule.studio && rule.kind === 'hourly')).toBe(true);
    expect(rules.some((rule) => rule.kind === 'flat' && rule.trainer && rule.flatCents === 4000)).toBe(true);
    expect(rules.some((rule) => rule.bookedSlotMode === 'per_slot' && rule.bookedSlotThreshold === 15 && rule.perSlotCents === 50)).toBe(true);
    expect(await em.count(PaymentTypeRule, { studioGroup: { apiSlug: 'demo-yoga' } })).toBeGreaterThan(0);
    expect(await em.count(DocumentCategory, { isMandatory: true })).toBe(2);
  });

  it('is a no-op on a database that has data', async () => {
    const again = await seedDemoData(orm);
    expect(again.seeded).toBe(false);
    const em = orm.em.fork();
    expect(await em.count(StudioGroup, {})).toBe(2);
    expect(await em.count(User, {})).toBe(DEMO_LOGINS.length);
    expect(await em.count(Trainer, { studioGroup: { apiSlug: 'demo-fitness' } })).toBe(25);
  });

  it('gives the demo groups logos of their own when it knows the data directory (npm start)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-seed-logos-'));
    try {
      const em = orm.em.fork();
      const fitness = await em.findOneOrFail(StudioGroup, { apiSlug: 'demo-fitness' });
      const yoga = await em.findOneOrFail(StudioGroup, { apiSlug: 'demo-yoga' });
      await createDemoLogos(em, { fitness, yoga, dataDir });
      for (const group of [fitness, yoga]) {
        expect(group.logoPath).toBe(logoUrlPath(group.uuid));
        const bytes = await readLogoFile(dataDir, logoFileName(group.uuid));
        expect(bytes?.subarray(1, 4).toString('latin1')).toBe('PNG');
      }
      // Two different pictures, not one default.
      expect((await readLogoFile(dataDir, logoFileName(fitness.uuid)))!.equals((await readLogoFile(dataDir, logoFileName(yoga.uuid)))!)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
