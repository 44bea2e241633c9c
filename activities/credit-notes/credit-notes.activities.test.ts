import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementRoom } from '../../contracts/settlement.contract';
import type { TSettlementSendEvent } from '../../contracts/review.contract';
import {
  Approval,
  OutgoingEmail,
  Settlement,
  SettlementLine,
  SettlementTrainer,
  Studio,
  StudioGroup,
  StudioGroupTrainer,
  Trainer,
  TrainerAccount,
  User,
} from '../../db/entities';
import { EventFeed } from '../../db/events';
import { initOrm } from '../../db/orm';
import { vatCents } from '../../domain/money';
import { DEMO_FITNESS_SLUG } from '../../domain/source-systems/demo.connector';
import { trainerSnapshot } from '../../domain/trainer-data';
import { cloneTestDatabase } from '../../test/support/databases';
import { createMailActivities, createMailer } from '../mail';
import { sql } from '../../db/queries/sql';
import { datevFilePaths } from './credit-note-files';
import { createCreditNoteActivities, runFilePaths, transferDateFor, type CreditNoteActivities } from './index';
import { isSepaBusinessDay, todayInGermany } from './payment-date';
import { SEPA_PAIN_001_XSD } from '../../test/support/e-invoice-validation';

// The credit-note run's activities against a real PostgreSQL (a clone of the seeded template), called
// directly as a workflow would call them: numbering, refusals, PDFs, e-mails, the run's files.

const XSD = SEPA_PAIN_001_XSD;
const MONTH = '2026-10-31';

let orm: MikroORM;
let feed: EventFeed;
let drop: () => Promise<void>;
let dataDir: string;
let activities: CreditNoteActivities;
let fitness: StudioGroup;
let adminUuid: string;

type TestTrainer = { uuid: string; name: string };
const trainers: Record<'anna' | 'ben' | 'cleo' | 'dora' | 'emil' | 'fritz' | 'gina' | 'hans' | 'ida', TestTrainer> = {} as never;
let settlementUuid: string;
let reviewSettlementUuid: string;

const sendEvents: TSettlementSendEvent[] = [];

/** A complete trainer record of demo-fitness; with a portal account and consent unless told otherwise. */
async function createTrainer(key: keyof typeof trainers, options: { consent?: boolean; linked?: boolean; vatLiable?: boolean; street?: string | null } = {}) {
  const { consent = true, linked = true, vatLiable = true } = options;
  const em = orm.em.fork();
  const group = await em.findOneOrFail(StudioGroup, { id: fitness.id });
  const firstname = key[0]!.toUpperCase() + key.slice(1);
  const trainer = em.create(Trainer, {
    studioGroup: group,
    sourceId: `cn-test-${key}`,
    firstname,
    lastname: 'Test',
    email: `${key}.trainer@cn.test`,
    street: options.street === undefined ? 'Hauptstraße' : options.street,
    houseNumber: '5a',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    taxNumber: '12/345/67890',
    vatLiable,
  });
  if (linked) {
    const user = em.create(User, { email: `${key}.account@cn.test`, passwordHash: 'x', role: 'trainer', firstname, lastname: 'Test' });
    const account = em.create(TrainerAccount, { user, firstname, lastname: 'Test', email: `${key}.account@cn.test`, language: key === 'ben' ? 'en' : 'de' });
    em.create(StudioGroupTrainer, { studioGroup: group, trainer, trainerAccount: account, selfBillingConsentAt: consent ? new Date() : null, selfBillingConsentBy: consent ? user : null });
  }
  await em.flush();
  trainers[key] = { uuid: trainer.uuid, name: `${firstname} Test` };
  return trainer;
}

/** A prepared settlement of the trainers: two classes in two studios and an admin bonus each. */
async function createSettlement(keys: Array<keyof typeof trainers>, trainerReview: boolean): Promise<string> {
  const em = orm.em.fork();
  const group = await em.findOneOrFail(StudioGroup, { id: fitness.id });
  const admin = await em.findOneOrFail(User, { uuid: adminUuid });
  const studios = await em.find(Studio, { studioGroup: group }, { orderBy: { id: 'asc' }, limit: 2 });
  const settlement = em.create(Settlement, { studioGroup: group, month: MONTH, trainerReview, createdBy: admin });
  for (const [index, key] of keys.entries()) {
    const trainer = await em.findOneOrFail(Trainer, { uuid: trainers[key].uuid });
    const st = em.create(SettlementTrainer, {
      settlement,
      trainer,
      workflowState: 'data_created',
      trainerSnapshot: trainerSnapshot({ ...trainer, uuid: trainer.uuid, id: trainer.id, sourceId: trainer.sourceId }),
      preparedAt: new Date(),
    });
    const rate = trainer.vatLiable ? 1900 : 0;
    const line = (kind: 'class' | 'admin', netCents: number, day: number, studio: Studio | null) => {
      const vat = vatCents(netCents, rate);
      em.create(SettlementLine, {
        settlementTrainer: st,
        kind,
        studio,
        classHash: `${key}-${kind}-${day}`,
        classStartsAt: kind === 'class' ? new Date(`2026-10-${String(day).padStart(2, '0')}T16:00:00Z`) : null,
        className: kind === 'class' ? 'Yoga Flow' : 'Bonus',
        description: kind === 'admin' ? 'Vertretungsbonus' : null,
        durationMinutes: kind === 'class' ? 60 : 0,
        bookedSlots: kind === 'class' ? 12 : 0,
        netCents,
        vatRateBasisPoints: rate,
        vatCents: vat,
        grossCents: netCents + vat,
      });
    };
    line('class', 4_533 + index * 7, 5, studios[0]!);
    line('class', 3_001 + index, 12, studios[1]!);
    line('admin', 1_005, 0, null);
  }
  await em.flush();
  return settlement.uuid;
}

async function counter(): Promise<number> {
  const [row] = await sql<{ last_number: number }>(orm.em.fork(), 'select last_number from credit_note_counter where studio_group_id = ? and year = ?', [
    fitness.id,
    Number(todayInGermany().slice(0, 4)),
  ]);
  return row?.last_number ?? 0;
}

const sequence = (number: string) => Number(number.split('-')[2]);

beforeAll(async () => {
  const database = await cloneTestDatabase();
  drop = database.drop;
  orm = await initOrm(database.databaseUrl);
  feed = new EventFeed(database.databaseUrl);
  await feed.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'credit-note-activities-'));
  const mail = createMailActivities({ orm, dataDir, mailer: createMailer({}), publicUrl: 'https://pay.example' });
  activities = createCreditNoteActivities({ orm, dataDir, queueEmail: mail.queueEmail, queueEmails: mail.queueEmails });
  fitness = await orm.em.fork().findOneOrFail(StudioGroup, { apiSlug: DEMO_FITNESS_SLUG });
  adminUuid = (await orm.em.fork().findOneOrFail(User, { email: 'admin@demo.test' })).uuid;

  await createTrainer('anna');
  await createTrainer('ben', { vatLiable: false });
  await createTrainer('cleo', { consent: false });
  await createTrainer('dora', { linked: false });
  await createTrainer('emil');
  await createTrainer('fritz', { street: null });
  await createTrainer('gina');
  settlementUuid = await createSettlement(['anna', 'ben', 'cleo', 'dora', 'emil', 'fritz'], false);
  reviewSettlementUuid = await createSettlement(['gina', 'emil'], true);
  feed.subscribe(settlementRoom(settlementUuid), (event) => {
    if (event.event === 'settlement:send') sendEvents.push(event.data as TSettlementSendEvent);
  });
});

afterAll(async () => {
  await feed?.stop();
  await orm?.close();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settle(predicate: () => boolean) {
  for (let i = 0; i < 100 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('payment dates', () => {
  it('transfers 3 days after issue, on a SEPA business day', () => {
    expect(transferDateFor('2026-11-02')).toBe('2026-11-05'); // Monday → Thursday
    expect(transferDateFor('2026-11-05')).toBe('2026-11-09'); // Thursday → Sunday → Monday
    expect(transferDateFor('2026-12-22')).toBe('2026-12-28'); // Christmas holidays and the weekend
    expect(isSepaBusinessDay('2027-03-26')).toBe(false); // Good Friday 2027
    expect(isSepaBusinessDay('2027-03-29')).toBe(false); // Easter Monday 2027
  });
});

describe('a credit-note run', () => {
  const runUuid = randomUUID();
  const secondRunUuid = randomUUID();
  const issued = new Map<string, string>();

  it('records the run once and opens the stream with the trainer count', async () => {
    const input = { runUuid, settlementUuid, trainerUuids: Object.values(trainers).slice(0, 6).map((t) => t.uuid), userUuid: adminUuid, locale: 'en' as const };
    expect(await activities.startCreditNoteRun(input)).toEqual({ runUuid });
    await activities.startCreditNoteRun(input);
    const runs = await sql<{ status: string }>(orm.em.fork(), 'select status from settlement_run where uuid = ?', [runUuid]);
    expect(runs).toEqual([{ status: 'running' }]);
    await settle(() => sendEvents.length >= 2);
    expect(sendEvents[0]).toMatchObject({ sendUuid: runUuid, kind: 'credit_note', message: { status: 'config', item_count: 6 } });
  });

  it('numbers the credit notes gap-free and refuses trainers without consent or complete data, using no number', async () => {
    const before = await counter();
    const input = {
      runUuid,
      settlementUuid,
      trainerUuids: [trainers.anna.uuid, trainers.cleo.uuid, trainers.ben.uuid, trainers.dora.uuid, trainers.fritz.uuid],
      offset: 0,
      total: 5,
      locale: 'en' as const,
    };
    const first = await activities.issueCreditNotes(input);
    expect(first.trainers.map((t) => [t.trainerUuid, t.outcome, t.reason])).toEqual([
      [trainers.anna.uuid, 'issued', undefined],
      [trainers.cleo.uuid, 'refused', 'creditNote.refused.noConsent'],
      [trainers.ben.uuid, 'issued', undefined],
      [trainers.dora.uuid, 'refused', 'creditNote.refused.noConsent'],
      [trainers.fritz.uuid, 'refused', 'creditNote.refused.incompleteData'],
    ]);
    const [anna, , ben] = first.trainers;
    expect(sequence(anna!.number!)).toBe(before + 1);
    expect(sequence(ben!.number!)).toBe(before + 2);
    expect(anna!.number).toMatch(new RegExp(`^GS-${todayInGermany().slice(0, 4)}-\\d{5}$`));
    expect(await counter()).toBe(before + 2);
    // Ben is not liable for VAT: gross = net.
    expect(ben!.grossCents).toBe(4_533 + 7 + 3_001 + 1 + 1_005);
    expect(anna!.grossCents).toBe(4_533 + vatCents(4_533, 1900) + 3_001 + vatCents(3_001, 1900) + 1_005 + vatCents(1_005, 1900));

    // A retry answers the same numbers and takes none.
    const again = await activities.issueCreditNotes(input);
    expect(again.trainers.map((t) => [t.outcome, t.number])).toEqual([
      ['already_issued', anna!.number],
      ['refused', undefined],
      ['already_issued', ben!.number],
      ['refused', undefined],
      ['refused', undefined],
    ]);
    expect(await counter()).toBe(before + 2);
    issued.set(trainers.anna.uuid, anna!.number!).set(trainers.ben.uuid, ben!.number!);

    const states = await sql<{ uuid: string; workflow_state: string }>(
      orm.em.fork(),
      `select t.uuid, st.workflow_state from settlement_trainer st join trainer t on t.id = st.trainer_id join settlement s on s.id = st.settlement_id where s.uuid = ?`,
      [settlementUuid],
    );
    const stateOf = (key: keyof typeof trainers) => states.find((row) => row.uuid === trainers[key].uuid)?.workflow_state;
    expect([stateOf('anna'), stateOf('ben'), stateOf('cleo'), stateOf('dora'), stateOf('fritz')]).toEqual(['credit_note_created', 'credit_note_created', 'data_created', 'data_created', 'data_created']);

    // The stream: one success per credit note, one error per refusal (not repeated by the retry).
    await settle(() => sendEvents.length >= 7);
    const trainerMessages = sendEvents.filter((event) => event.sendUuid === runUuid && event.message.trainer_uuid);
    expect(trainerMessages.map((event) => event.message.status)).toEqual(['success', 'error', 'success', 'error', 'error']);
    expect(trainerMessages[0]!.message.message).toBe(`Credit note ${anna!.number} for Anna Test created`);
    expect(trainerMessages[1]!.message.message).toContain('has not consented to self-billing');
  });

  it('stores each PDF once, with its sha256, under credit-notes/{group}/{month}/{number}.pdf', async () => {
    const rows = await sql<{ number: string; file_path: string; file_name: string; sha256: string; gross_cents: number; issue_date: string }>(
      orm.em.fork(),
      `select cn.number, cn.file_path, cn.file_name, cn.sha256, cn.gross_cents, to_char(cn.issue_date, 'YYYY-MM-DD') as issue_date
         from credit_note cn join settlement_run r on r.id = cn.settlement_run_id where r.uuid = ? order by cn.number`,
      [runUuid],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.file_path).toBe(`credit-notes/${fitness.uuid}/2026-10/${row.number}.pdf`);
      expect(row.file_name).toBe(`${row.number}.pdf`);
      const bytes = fs.readFileSync(path.join(dataDir, row.file_path));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      expect(row.issue_date).toBe(todayInGermany());
      // The XRechnung beside the PDF, the same credit note.
      expect(fs.readFileSync(path.join(dataDir, row.file_path.replace(/\.pdf$/, '.xrechnung.xml')), 'utf8')).toContain(`<ram:ID>${row.number}</ram:ID>`);
    }
    expect(fs.readdirSync(path.join(dataDir, 'credit-notes', fitness.uuid, '2026-10')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('continues the sequence in a second run and refuses a trainer issued in the first', async () => {
    await activities.startCreditNoteRun({ runUuid: secondRunUuid, settlementUuid, trainerUuids: [trainers.emil.uuid, trainers.anna.uuid], userUuid: adminUuid, locale: 'en' });
    const before = await counter();
    const result = await activities.issueCreditNotes({ runUuid: secondRunUuid, settlementUuid, trainerUuids: [trainers.emil.uuid, trainers.anna.uuid], offset: 0, total: 2, locale: 'en' });
    expect(result.trainers.map((t) => [t.outcome, t.reason])).toEqual([
      ['issued', undefined],
      ['refused', 'creditNote.refused.alreadyIssued'],
    ]);
    expect(sequence(result.trainers[0]!.number!)).toBe(before + 1);
    expect(sequence(result.trainers[0]!.number!)).toBe(sequence(issued.get(trainers.ben.uuid)!) + 1);
  });

  it('records a batch in one step and draws its PDFs in the next (the pipelined run); retries answer the records and draw only what is missing', async () => {
    await createTrainer('ida');
    const pipelinedSettlement = await createSettlement(['ida'], false);
    const run = randomUUID();
    const trainerUuids = [trainers.ida.uuid];
    await activities.startCreditNoteRun({ runUuid: run, settlementUuid: pipelinedSettlement, trainerUuids, userUuid: adminUuid, locale: 'en' });
    const before = await counter();
    const input = { runUuid: run, settlementUuid: pipelinedSettlement, trainerUuids, offset: 0, total: 1, locale: 'en' as const };
    const recorded = await activities.recordCreditNotes(input);
    expect(recorded.trainers[0]).toMatchObject({ outcome: 'issued' });
    const number = recorded.trainers[0]!.number!;
    expect(sequence(number)).toBe(before + 1);
    const noteRow = async () =>
      (await sql<{ uuid: string; sha256: string | null; file_path: string }>(orm.em.fork(), `select uuid, sha256, file_path from credit_note where number = ? and studio_group_id = ?`, [number, fitness.id]))[0]!;
    // Recorded, not drawn yet: no hash, no file.
    const { file_path: filePath } = await noteRow();
    expect((await noteRow()).sha256).toBeNull();
    expect(fs.existsSync(path.join(dataDir, filePath))).toBe(false);
    // A retried record answers what it recorded and takes no number.
    expect((await activities.recordCreditNotes(input)).trainers[0]).toMatchObject({ outcome: 'already_issued', number });
    expect(await counter()).toBe(before + 1);

    const draw = { runUuid: run, settlementUuid: pipelinedSettlement, trainerUuids };
    expect(await activities.drawCreditNotePdfs(draw)).toEqual({ drawn: 1 });
    const { sha256 } = await noteRow();
    expect(createHash('sha256').update(fs.readFileSync(path.join(dataDir, filePath))).digest('hex')).toBe(sha256);
    expect(fs.existsSync(path.join(dataDir, filePath.replace(/\.pdf$/, '.xrechnung.xml')))).toBe(true);
    // Drawn once: a second call leaves it alone.
    expect(await activities.drawCreditNotePdfs(draw)).toEqual({ drawn: 0 });
    // A PDF whose hash was never recorded (the worker died after writing it or before) is drawn again, the same bytes.
    await sql(orm.em.fork(), `update credit_note set sha256 = null where number = ? and studio_group_id = ?`, [number, fitness.id]);
    fs.rmSync(path.join(dataDir, filePath));
    expect(await activities.drawCreditNotePdfs(draw)).toEqual({ drawn: 1 });
    expect((await noteRow()).sha256).toBe(sha256);
    expect(createHash('sha256').update(fs.readFileSync(path.join(dataDir, filePath))).digest('hex')).toBe(sha256);
  });

  it('refuses a trainer the company has not approved in a settlement with review', async () => {
    const reviewRun = randomUUID();
    await activities.startCreditNoteRun({ runUuid: reviewRun, settlementUuid: reviewSettlementUuid, trainerUuids: [trainers.gina.uuid], userUuid: adminUuid, locale: 'en' });
    const before = await counter();
    const refused = await activities.issueCreditNotes({ runUuid: reviewRun, settlementUuid: reviewSettlementUuid, trainerUuids: [trainers.gina.uuid], offset: 0, total: 1, locale: 'en' });
    expect(refused.trainers[0]).toMatchObject({ outcome: 'refused', reason: 'creditNote.refused.notApproved' });
    expect(await counter()).toBe(before);

    const em = orm.em.fork();
    const st = await em.findOneOrFail(SettlementTrainer, { settlement: { uuid: reviewSettlementUuid }, trainer: { uuid: trainers.gina.uuid } });
    const admin = await em.findOneOrFail(User, { uuid: adminUuid });
    em.create(Approval, { settlementTrainer: st, kind: 'company', approved: true, user: admin });
    await em.flush();
    const approvedRun = randomUUID();
    await activities.startCreditNoteRun({ runUuid: approvedRun, settlementUuid: reviewSettlementUuid, trainerUuids: [trainers.gina.uuid], userUuid: adminUuid, locale: 'en' });
    const approved = await activities.issueCreditNotes({ runUuid: approvedRun, settlementUuid: reviewSettlementUuid, trainerUuids: [trainers.gina.uuid], offset: 0, total: 1, locale: 'en' });
    expect(approved.trainers[0]).toMatchObject({ outcome: 'issued' });
    expect(sequence(approved.trainers[0]!.number!)).toBe(before + 1);
  });

  it('refuses a trainer whose data cannot make a valid e-invoice (a VAT ID of the wrong form), with the reason and no number', async () => {
    await createTrainer('hans');
    await sql(orm.em.fork(), `update trainer set vat_id = 'DE12' where uuid = ?`, [trainers.hans.uuid]);
    const einvoiceSettlement = await createSettlement(['hans'], false);
    const run = randomUUID();
    await activities.startCreditNoteRun({ runUuid: run, settlementUuid: einvoiceSettlement, trainerUuids: [trainers.hans.uuid], userUuid: adminUuid, locale: 'en' });
    const before = await counter();
    const refused = await activities.issueCreditNotes({ runUuid: run, settlementUuid: einvoiceSettlement, trainerUuids: [trainers.hans.uuid], offset: 0, total: 1, locale: 'en' });
    expect(refused.trainers[0]).toMatchObject({ outcome: 'refused', reason: 'creditNote.refused.noEInvoice' });
    expect(await counter()).toBe(before);
    const [log] = await sql<{ message: string }>(orm.em.fork(), `select message from settlement_log where event_key = ?`, [`credit_note:${run}:${trainers.hans.uuid}:refused`]);
    expect(log?.message).toBe("Credit note for Hans Test has not been created: it would not be a valid e-invoice (the trainer's VAT ID is not of the form country code and number (e.g. DE123456789)).");
  });

  it('queues one e-mail per credit note with the PDF attached, once', async () => {
    const input = { runUuid, settlementUuid, trainerUuids: [trainers.anna.uuid, trainers.ben.uuid, trainers.cleo.uuid], locale: 'en' as const };
    // Ben receives XRechnung (his profile's e-invoice format); Anna keeps the default hybrid PDF.
    await sql(orm.em.fork(), `update trainer_account set e_invoice_format = 'xrechnung' where email = 'ben.account@cn.test'`);
    const first = await activities.queueCreditNoteEmails(input);
    expect(first.trainers.map((t) => [t.trainerUuid, t.outcome])).toEqual([
      [trainers.anna.uuid, 'queued'],
      [trainers.ben.uuid, 'queued'],
    ]);
    const again = await activities.queueCreditNoteEmails(input);
    expect(again.trainers.map((t) => t.emailUuid)).toEqual(first.trainers.map((t) => t.emailUuid));

    const em = orm.em.fork();
    const annaMail = await em.findOneOrFail(OutgoingEmail, { uuid: first.trainers[0]!.emailUuid! });
    expect(annaMail.idempotencyKey).toBe(`${fitness.uuid}:credit-note:${runUuid}:${trainers.anna.uuid}`);
    expect(annaMail.toAddress).toBe('anna.account@cn.test');
    expect(annaMail.subject).toBe(`Demo Fitness: Deine Gutschrift ${issued.get(trainers.anna.uuid)} für Oktober 2026`.replace('Demo Fitness', fitness.name));
    expect(annaMail.attachments).toEqual([{ fileName: `${issued.get(trainers.anna.uuid)}.pdf`, filePath: `credit-notes/${fitness.uuid}/2026-10/${issued.get(trainers.anna.uuid)}.pdf`, contentType: 'application/pdf' }]);
    expect(annaMail.textBody).toContain(`https://pay.example/de/trainer/studio/${fitness.uuid}/credit-notes`);
    const benMail = await em.findOneOrFail(OutgoingEmail, { uuid: first.trainers[1]!.emailUuid! });
    expect(benMail.subject).toContain('your credit note');
    const benNumber = issued.get(trainers.ben.uuid)!;
    expect(benMail.attachments).toEqual([
      { fileName: `${benNumber}.xrechnung.xml`, filePath: `credit-notes/${fitness.uuid}/2026-10/${benNumber}.xrechnung.xml`, contentType: 'application/xml' },
      { fileName: `${benNumber}.pdf`, filePath: `credit-notes/${fitness.uuid}/2026-10/${benNumber}.pdf`, contentType: 'application/pdf' },
    ]);
    expect(benMail.textBody).toMatch(/over €?\d/);
  });

  it('marks the credit notes sent once', async () => {
    const input = { runUuid, settlementUuid, trainerUuids: [trainers.anna.uuid, trainers.ben.uuid], locale: 'en' as const };
    expect(await activities.markCreditNotesSent(input)).toEqual({ sent: 2 });
    const [first] = await sql<{ sent_at: Date }>(orm.em.fork(), `select min(sent_at) as sent_at from credit_note cn join settlement_run r on r.id = cn.settlement_run_id where r.uuid = ?`, [runUuid]);
    expect(await activities.markCreditNotesSent(input)).toEqual({ sent: 2 });
    const [second] = await sql<{ sent_at: Date }>(orm.em.fork(), `select min(sent_at) as sent_at from credit_note cn join settlement_run r on r.id = cn.settlement_run_id where r.uuid = ?`, [runUuid]);
    expect(second!.sent_at).toEqual(first!.sent_at);
    const states = await sql<{ workflow_state: string }>(
      orm.em.fork(),
      `select st.workflow_state from settlement_trainer st join trainer t on t.id = st.trainer_id join settlement s on s.id = st.settlement_id where s.uuid = ? and t.uuid in (?, ?)`,
      [settlementUuid, trainers.anna.uuid, trainers.ben.uuid],
    );
    expect(states.map((row) => row.workflow_state)).toEqual(['credit_note_send', 'credit_note_send']);
    await settle(() => sendEvents.filter((event) => event.message.message.endsWith(' sent')).length >= 2);
    expect(sendEvents.filter((event) => event.sendUuid === runUuid && /^Credit note for .* sent$/.test(event.message.message))).toHaveLength(2);
  });

  it("creates the run's files: a valid SEPA file, the ZIP of the PDFs and the CSV, all reconciling to the cent", async () => {
    const result = await activities.createRunFiles({ runUuid, settlementUuid, locale: 'en' });
    const paths = runFilePaths(runUuid, MONTH);
    expect(result.files).toEqual([
      { type: 'SEPA_XML', status: 'success', filePath: paths.SEPA_XML },
      { type: 'CREDIT_NOTES_ZIP', status: 'success', filePath: paths.CREDIT_NOTES_ZIP },
      { type: 'STUDIO_COSTS_BY_MONTH', status: 'success', filePath: paths.STUDIO_COSTS_BY_MONTH },
      // The DATEV booking batch and the creditors beside it (the demo group has DATEV settings).
      { type: 'DATEV_EXTF', status: 'success', filePath: datevFilePaths(runUuid, MONTH).DATEV_EXTF },
      { type: 'DATEV_CREDITORS', status: 'success', filePath: datevFilePaths(runUuid, MONTH).DATEV_CREDITORS },
      // No payout of the group was returned or rejected: no returns CSV to hand over.
      { type: 'PAYOUT_RETURNS', status: 'not_set', filePath: null },
    ]);
    expect(paths.SEPA_XML).toBe(`runs/${runUuid}/sepa-2026-10-${runUuid.slice(0, 8)}.xml`);

    const notes = await sql<{ number: string; gross_cents: number }>(
      orm.em.fork(),
      'select cn.number, cn.gross_cents from credit_note cn join settlement_run r on r.id = cn.settlement_run_id where r.uuid = ? order by cn.number',
      [runUuid],
    );
    const grossCents = notes.reduce((sum, note) => sum + note.gross_cents, 0);

    const sepaFile = path.join(dataDir, paths.SEPA_XML);
    execFileSync('xmllint', ['--noout', '--schema', XSD, sepaFile], { stdio: 'pipe' });
    const xml = fs.readFileSync(sepaFile, 'utf8');
    const controlSum = /<GrpHdr>[\s\S]*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(xml)![1]!;
    expect(Math.round(Number(controlSum) * 100)).toBe(grossCents);
    expect(result.sepaControlSumCents).toBe(grossCents);
    for (const note of notes) expect(xml).toContain(`<EndToEndId>${note.number}</EndToEndId>`);
    expect(xml).toContain(`<MsgId>TP${runUuid.replace(/-/g, '')}</MsgId>`);
    const executionDate = /<ReqdExctnDt>\s*<Dt>([\d-]+)<\/Dt>/.exec(xml)![1]!;
    expect(executionDate).toBe(transferDateFor(todayInGermany()));

    const csv = fs.readFileSync(path.join(dataDir, paths.STUDIO_COSTS_BY_MONTH), 'utf8');
    const totalRow = csv.trim().split(/\r\n/).at(-1)!.split(',');
    expect(totalRow[0]).toBe('Total');
    expect(Math.round(Number(totalRow.at(-1)) * 100)).toBe(grossCents);
    expect(csv).toContain('Administration');

    const listing = execFileSync('unzip', ['-Z1', path.join(dataDir, paths.CREDIT_NOTES_ZIP)], { encoding: 'utf8' }).trim().split('\n').sort();
    // Each credit note's hybrid PDF and its XRechnung.
    expect(listing).toEqual(notes.flatMap((note) => [`${note.number}.pdf`, `${note.number}.xrechnung.xml`]).sort());

    const rows = await sql<{ type: string; status: string; file_path: string; sha256: string }>(
      orm.em.fork(),
      'select f.type, f.status, f.file_path, f.sha256 from accounting_file f join settlement_run r on r.id = f.settlement_run_id where r.uuid = ? order by f.type',
      [runUuid],
    );
    expect(rows.map((row) => [row.type, row.status])).toEqual([
      ['CREDIT_NOTES_ZIP', 'success'],
      ['DATEV_CREDITORS', 'success'],
      ['DATEV_EXTF', 'success'],
      ['PAYOUT_RETURNS', 'not_set'],
      ['SEPA_XML', 'success'],
      ['STUDIO_COSTS_BY_MONTH', 'success'],
    ]);
    const csvRow = rows.find((row) => row.type === 'STUDIO_COSTS_BY_MONTH')!;
    expect(createHash('sha256').update(fs.readFileSync(path.join(dataDir, csvRow.file_path))).digest('hex')).toBe(csvRow.sha256);

    // Idempotent: the same files again, still one row per type.
    const again = await activities.createRunFiles({ runUuid, settlementUuid, locale: 'en' });
    expect(again.files.map((file) => file.filePath)).toEqual(result.files.map((file) => file.filePath));
    const [{ count }] = (await sql<{ count: string }>(orm.em.fork(), 'select count(*) from accounting_file f join settlement_run r on r.id = f.settlement_run_id where r.uuid = ?', [runUuid])) as [
      { count: string },
    ];
    expect(Number(count)).toBe(6);
  });

  it('marks files the group does not want as not_set, and still writes them', async () => {
    await sql(orm.em.fork(), `update studio_group set accounting_files = '["SEPA_XML"]'::jsonb where id = ?`, [fitness.id]);
    try {
      const result = await activities.createRunFiles({ runUuid: secondRunUuid, settlementUuid, locale: 'de' });
      expect(result.files.map((file) => [file.type, file.status])).toEqual([
        ['SEPA_XML', 'success'],
        ['CREDIT_NOTES_ZIP', 'not_set'],
        ['STUDIO_COSTS_BY_MONTH', 'not_set'],
        ['DATEV_EXTF', 'not_set'],
        ['DATEV_CREDITORS', 'not_set'],
        ['PAYOUT_RETURNS', 'not_set'],
      ]);
      for (const file of result.files.filter((each) => each.filePath !== null)) expect(fs.existsSync(path.join(dataDir, file.filePath!))).toBe(true);
      execFileSync('xmllint', ['--noout', '--schema', XSD, path.join(dataDir, result.files[0]!.filePath!)], { stdio: 'pipe' });
    } finally {
      await sql(orm.em.fork(), `update studio_group set accounting_files = '["SEPA_XML","CREDIT_NOTES_ZIP","STUDIO_COSTS_BY_MONTH"]'::jsonb where id = ?`, [fitness.id]);
    }
  });

  it("reports a SEPA error with the spec's text when the group has no account", async () => {
    await sql(orm.em.fork(), 'update studio_group set iban = null where id = ?', [fitness.id]);
    try {
      const result = await activities.createRunFiles({ runUuid: secondRunUuid, settlementUuid, locale: 'en' });
      expect(result.files[0]).toEqual({ type: 'SEPA_XML', status: 'error', filePath: null, error: 'Error creating SEPA XML file!' });
    } finally {
      await sql(orm.em.fork(), `update studio_group set iban = 'DE89370400440532013000' where id = ?`, [fitness.id]);
    }
    const result = await activities.createRunFiles({ runUuid: secondRunUuid, settlementUuid, locale: 'en' });
    expect(result.files[0]!.status).toBe('success');
  });

  it('finishes the run: the settlement sums are the billed trainers\u2019 lines, and the stream ends', async () => {
    const sums = await activities.finishCreditNoteRun({ runUuid, settlementUuid, issued: 2, refused: 3, locale: 'en' });
    const [expected] = await sql<{ net: string; gross: string }>(
      orm.em.fork(),
      `select sum(cn.net_cents) as net, sum(cn.gross_cents) as gross from credit_note cn join settlement s on s.id = (select settlement_id from settlement_trainer where id = cn.settlement_trainer_id) where s.uuid = ?`,
      [settlementUuid],
    );
    expect(sums.grossCents).toBe(Number(expected!.gross));
    expect(sums.netCents).toBe(Number(expected!.net));
    // bigint: node-postgres answers it as a string.
    const [settlement] = await sql<{ sum_gross_cents: string }>(orm.em.fork(), 'select sum_gross_cents from settlement where uuid = ?', [settlementUuid]);
    expect(Number(settlement!.sum_gross_cents)).toBe(sums.grossCents);
    const [run] = await sql<{ status: string; finished_at: Date | null }>(orm.em.fork(), 'select status, finished_at from settlement_run where uuid = ?', [runUuid]);
    expect(run!.status).toBe('finished');
    expect(run!.finished_at).not.toBeNull();

    await activities.finishCreditNoteRun({ runUuid, settlementUuid, issued: 2, refused: 3, locale: 'en' });
    await settle(() => sendEvents.filter((event) => event.message.status === 'finished_studiogroup').length >= 2);
    const finished = sendEvents.filter((event) => event.sendUuid === runUuid && event.message.status === 'finished_studiogroup');
    expect(finished.map((event) => event.message.message)).toEqual(['Send credit note finished', 'Send credit note finished']);
    const logRows = await sql(orm.em.fork(), `select 1 from settlement_log where event_key = ?`, [`credit_note:${runUuid}:finished`]);
    expect(logRows).toHaveLength(1);
  });

  it('queues the accounting e-mail to every recipient with the chosen files attached, once', async () => {
    const requestUuid = randomUUID();
    const input = {
      runUuid,
      settlementUuid,
      recipients: ['buchhaltung@demo.test', 'steuer@kanzlei.test'],
      subject: 'Abrechnung Oktober 2026',
      bodyHtml: '<p>Hallo,</p><p>anbei die Unterlagen &amp; Dateien.</p>',
      attachments: ['SEPA_XML', 'STUDIO_COSTS_BY_MONTH'] as Array<'SEPA_XML' | 'STUDIO_COSTS_BY_MONTH'>,
      userUuid: adminUuid,
      locale: 'de' as const,
      requestUuid,
    };
    const { emailUuids } = await activities.sendAccountingEmail(input);
    expect(emailUuids).toHaveLength(2);
    expect((await activities.sendAccountingEmail(input)).emailUuids).toEqual(emailUuids);
    const mail = await orm.em.fork().findOneOrFail(OutgoingEmail, { uuid: emailUuids[1]! });
    expect(mail.idempotencyKey).toBe(`${fitness.uuid}:accounting:${runUuid}:${requestUuid}:2`);
    expect(mail.toAddress).toBe('steuer@kanzlei.test');
    expect(mail.subject).toBe('Abrechnung Oktober 2026');
    expect(mail.htmlBody).toContain('<p>anbei die Unterlagen &amp; Dateien.</p>');
    expect(mail.textBody).toContain('anbei die Unterlagen & Dateien.');
    const paths = runFilePaths(runUuid, MONTH);
    expect(mail.attachments.map((attachment) => attachment.filePath)).toEqual([paths.SEPA_XML, paths.STUDIO_COSTS_BY_MONTH]);
  });
});
