import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import iconv from 'iconv-lite';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { createCreditNoteActivities } from '../../activities/credit-notes';
import { BOOKING_BATCH_COLUMNS, CREDITOR_MASTER_DATA_COLUMNS } from '../../domain/accounting';
import { datevFields } from '../../domain/accounting/datev.test-support';
import type { TAccountingEmail } from '../../contracts/credit-note-run.contract';
import type { TSendStreamMessage } from '../../contracts/review.contract';
import { AccountingFile, CreditNote, SettlementLine, StudioGroup, StudioGroupTrainer, Trainer } from '../../db/entities';
import { centsToEuros, formatEuro } from '../../domain/money';
import { readNdjson } from '../support/ndjson';
import { findDemoFitness, importDemoClasses, prepareSettlement } from '../support/month-close';
import { pdfText } from '../support/pdf-text';
import { ciiAmount } from '../../domain/e-invoice';
import { startSmtpServer, type ReceivedMail } from '../support/smtp';
import { creditNoteRunWorkflowId, TASK_QUEUE } from '../../workflows/ids';
import { CREDIT_NOTE_RUN_WORKFLOW, creditNoteRunStateQuery, type TCreditNoteRunWorkflow } from '../../workflows/credit-note-run.messages';
import { writeSyntheticTrainers } from '../support/synthetic-trainers';
import { historiesOfRuns, type RunHistory } from '../support/workflow-runs';
import { logIn, startStack, type Stack } from '../support/stack';
import { SEPA_PAIN_001_XSD } from '../support/e-invoice-validation';

// Step 5 of the month close against the real API, PostgreSQL, Temporal, worker and an SMTP server in
// this process: refusals first (not approved, no consent: nothing written), then a credit-note run
// (numbers, PDFs, e-mails with the PDF, SEPA/ZIP/CSV), the reconciliation to the cent across PDF,
// SEPA file, CSV, the settlement's sums and the trainers' lines, the accounting e-mail, a second send
// of the same run refused, and the correction of an issued credit note.

const SEPA_XSD = SEPA_PAIN_001_XSD;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[] = [];

const MONTH = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 }).endOf('month').toISODate()!;
let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };
let linked: string;
let contracted: string;
let noConsent: string;
const settlementUuid = crypto.randomUUID();
const runUuid = crypto.randomUUID();
/** The runs of the credit-note run that continued as new (recorded for the replay test). */
let continuedRuns: RunHistory[] = [];
const DATEV_SETTINGS = {
  datevChart: 'SKR03' as const,
  datevConsultantNumber: 29098,
  datevClientNumber: 55003,
  datevFiscalYearStartMonth: 1,
  datevExpenseAccount: 3100,
  datevCreditorRangeStart: 70000,
  datevCreditorRangeEnd: 99999,
};

/** The run's DATEV booking batch as DATEV reads it (Windows-1252): header, columns, bookings with their signed cents. */
function readDatevBatch(relativePath: string) {
  const bytes = fs.readFileSync(path.join(stack.dataDir, relativePath));
  const [header, columns, ...rows] = iconv.decode(bytes, 'win1252').split('\r\n').filter(Boolean).map(datevFields);
  const column = (row: string[], name: string) => row[BOOKING_BATCH_COLUMNS.indexOf(name)]!;
  const bookings = rows.map((row) => {
    const [euros, cents] = column(row, 'Umsatz (ohne Soll/Haben-Kz)').split(',');
    const magnitude = Number(euros) * 100 + Number(cents);
    return { row, number: column(row, 'Belegfeld 1').replace(/"/g, ''), signedCents: column(row, 'Soll/Haben-Kennzeichen') === '"H"' ? magnitude : -magnitude };
  });
  return { bytes, header: header!, columns: columns!, bookings };
}

const api = (urlPath: string) => `${stack.baseUrl}/api/v1/${fitness.uuid}${urlPath}`;
const post = (urlPath: string, body: unknown) => fetch(api(urlPath), { method: 'POST', headers: { ...admin.headers, 'x-locale': 'en' }, body: JSON.stringify(body) });
const json = async <T>(response: Response) => (await response.json()) as T;

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }) });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const em = stack.orm.em.fork();
  const { group, keys } = await findDemoFitness(em);
  fitness = keys;
  group.accountingEmail = 'steuerbuero@example.test';
  group.accountingFiles = ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF'];
  Object.assign(group, DATEV_SETTINGS);
  await em.flush();
  linked = (await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer'] })).trainer.uuid;
  contracted = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T002' })).uuid;
  noConsent = (await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T017' })).uuid;

  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, DateTime.fromISO(MONTH).startOf('month').toISODate()!, MONTH);
  await prepareSettlement(stack.baseUrl, admin, fitness, settlementUuid, MONTH, [linked, contracted, noConsent]);
  const preview = await post('/settlement/trainer-preview/send', { settlementUuid, trainersSelected: [linked] });
  for await (const _line of readNdjson(preview)) void _line;
});

afterAll(async () => {
  // RECORD_HISTORY=<folder> writes the run's history (the pipelined run of two trainers) and the first
  // and last runs of the run that continued as new, for the replay test.
  if (process.env.RECORD_HISTORY && stack) {
    const history = await stack.temporal.workflow.getHandle(creditNoteRunWorkflowId(runUuid)).fetchHistory();
    fs.writeFileSync(path.join(process.env.RECORD_HISTORY, 'credit-note-run-pipelined-v2.json'), historyToJSON(history));
    // The run that continued as new: its first run (ends in continue-as-new) and its last (carries `continued`, makes the files).
    if (continuedRuns.length > 1) {
      fs.writeFileSync(path.join(process.env.RECORD_HISTORY, 'credit-note-run-continued-first-v1.json'), historyToJSON(continuedRuns[0]!));
      fs.writeFileSync(path.join(process.env.RECORD_HISTORY, 'credit-note-run-continued-last-v1.json'), historyToJSON(continuedRuns.at(-1)!));
    }
  }
  await stack?.stop();
  await smtp?.stop();
});

const creditNoteCount = () => stack.orm.em.fork().count(CreditNote, {});

/**
 * The reconciliation of a run to the cent: each credit note = its trainer's lines, each PDF prints its
 * gross, the SEPA file (valid against the XSD) pays each credit note and its control sum is their
 * total, the studio-costs CSV totals the same, and so do the settlement's sums.
 */
async function expectReconciled(settlement: string, run: string, trainerUuids: string[]) {
  const em = stack.orm.em.fork();
  const notes = await em.find(CreditNote, { documentType: 'credit_note', settlementRun: { uuid: run } }, { populate: ['trainer'] });
  expect(notes.map((note) => note.trainer.uuid).sort()).toEqual([...trainerUuids].sort());
  const lines = await em.find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlement }, trainer: { uuid: { $in: trainerUuids } } } }, { populate: ['settlementTrainer.trainer'] });
  for (const note of notes) {
    const own = lines.filter((line) => line.settlementTrainer.trainer.uuid === note.trainer.uuid);
    expect(note.grossCents).toBe(own.reduce((sum, line) => sum + line.grossCents, 0));
  }
  const notesGross = notes.reduce((sum, note) => sum + note.grossCents, 0);
  expect(notesGross).toBe(lines.reduce((sum, line) => sum + line.grossCents, 0));

  // Each PDF prints its own gross (German format): what the trainer reads is what is paid.
  for (const note of notes) {
    const text = await pdfText(fs.readFileSync(path.join(stack.dataDir, note.filePath)));
    expect(text).toContain(note.number);
    expect(text).toContain(formatEuro(note.grossCents).replace(/\u00a0/g, ' '));
  }

  const files = await em.find(AccountingFile, { settlementRun: { uuid: run } });
  expect(files.map((file) => [file.type, file.status]).sort()).toEqual([
    ['CREDIT_NOTES_ZIP', 'success'],
    ['DATEV_CREDITORS', 'success'],
    ['DATEV_EXTF', 'success'],
    // No payout was returned or rejected: nothing for the returns CSV.
    ['PAYOUT_RETURNS', 'not_set'],
    ['SEPA_XML', 'success'],
    ['STUDIO_COSTS_BY_MONTH', 'success'],
  ]);
  // E-invoices: the ZIP holds each credit note's hybrid PDF (PDF/A-3 with factur-x.xml) and its
  // XRechnung, whose total is the credit note's; staff download the same XRechnung per credit note.
  const zipPath = path.join(stack.dataDir, files.find((file) => file.type === 'CREDIT_NOTES_ZIP')!.filePath!);
  const zipEntries = JSON.parse(
    execFileSync('python3', ['-c', 'import base64,json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({n: base64.b64encode(z.read(n)).decode() for n in z.namelist()}))', zipPath], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  ) as Record<string, string>;
  for (const note of notes) {
    const hybrid = Buffer.from(zipEntries[note.fileName]!, 'base64').toString('latin1');
    expect(hybrid).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(hybrid).toMatch(/\/AFRelationship \/Alternative/);
    expect(hybrid).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    const xrechnung = Buffer.from(zipEntries[`${note.number}.xrechnung.xml`]!, 'base64').toString('utf8');
    expect(xrechnung).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xrechnung).toContain(`<ram:ID>${note.number}</ram:ID>`);
    expect(xrechnung).toContain(`<ram:GrandTotalAmount>${ciiAmount(note.grossCents)}</ram:GrandTotalAmount>`);
    const download = await fetch(`${stack.baseUrl}/admin/credit-note/xrechnung/${fitness.uuid},${note.filePath.split('/')[2]},${note.trainer.uuid},${note.number}.xrechnung.xml`, { headers: admin.headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/application\/xml/);
    expect(await download.text()).toBe(xrechnung);
  }
  expect(Object.keys(zipEntries)).toHaveLength(2 * notes.length);

  const sepaPath = path.join(stack.dataDir, files.find((file) => file.type === 'SEPA_XML')!.filePath!);
  execFileSync('xmllint', ['--noout', '--schema', SEPA_XSD, sepaPath], { stdio: 'pipe' });
  const sepa = fs.readFileSync(sepaPath, 'utf8');
  const controlSum = /<GrpHdr>[\s\S]*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(sepa)![1]!;
  expect(Math.round(Number(controlSum) * 100)).toBe(notesGross);
  for (const note of notes) expect(sepa).toContain(`<EndToEndId>${note.number}</EndToEndId>`);

  // DATEV: the EXTF header's 31 fields, 125 fields in every line, one booking per credit
  // note, and the batch adds up to the SEPA file's control sum.
  const datev = readDatevBatch(files.find((file) => file.type === 'DATEV_EXTF')!.filePath!);
  expect(datev.header).toHaveLength(31);
  expect(datev.header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
  expect(datev.header.slice(10, 12)).toEqual(['29098', '55003']);
  expect(datev.columns).toHaveLength(125);
  for (const booking of datev.bookings) expect(booking.row).toHaveLength(125);
  expect(datev.bookings.map((booking) => booking.number).sort()).toEqual(notes.map((note) => note.number).sort());
  expect(datev.bookings.reduce((sum, booking) => sum + booking.signedCents, 0)).toBe(Math.round(Number(controlSum) * 100));
  const creditors = iconv.decode(fs.readFileSync(path.join(stack.dataDir, files.find((file) => file.type === 'DATEV_CREDITORS')!.filePath!)), 'win1252').split('\r\n').filter(Boolean).map(datevFields);
  expect(creditors[0]!.slice(0, 5)).toEqual(['"EXTF"', '700', '16', '"Debitoren/Kreditoren"', '5']);
  expect(creditors).toHaveLength(2 + notes.length);
  for (const line of creditors.slice(1)) expect(line).toHaveLength(CREDITOR_MASTER_DATA_COLUMNS.length);

  const csv = fs.readFileSync(path.join(stack.dataDir, files.find((file) => file.type === 'STUDIO_COSTS_BY_MONTH')!.filePath!), 'utf8');
  // German files: ';' and decimal comma; English: ',' and decimal point.
  const german = csv.split(/\r?\n/)[0]!.includes(';');
  const totalRow = csv.trim().split(/\r?\n/).at(-1)!.split(german ? ';' : ',');
  expect(Math.round(Number(german ? totalRow.at(-1)!.replace(',', '.') : totalRow.at(-1)) * 100)).toBe(notesGross);

  const sums = await json<{ sumGross: number }>(await fetch(api(`/settlement/calculate-sum/${settlement}`), { headers: admin.headers }));
  expect(sums.sumGross).toBe(centsToEuros(notesGross));
}

describe('refusals: nothing is numbered, written or sent', () => {
  it('refuses a trainer the company has not approved', async () => {
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, trainersSelected: [linked] });
    expect(response.status).toBe(422);
    expect((await json<{ message: string }>(response)).message).toMatch(/is not approved yet/);
    expect(await creditNoteCount()).toBe(0);
  });

  it('refuses a trainer without self-billing consent, naming them', async () => {
    for (const trainerUuid of [linked, contracted, noConsent]) {
      const answer = await post(`/settlement/trainer-preview/approve_by_company/${trainerUuid}`, { settlementUuid, approved: true });
      expect(answer.status, await answer.clone().text()).toBe(200);
    }
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, trainersSelected: [linked, noConsent] });
    expect(response.status).toBe(422);
    expect((await json<{ message: string }>(response)).message).toMatch(/has not consented to self-billing/);
    expect(await creditNoteCount()).toBe(0);
  });
});

describe('a credit-note run', () => {
  const messages: TSendStreamMessage[] = [];

  it('streams one message per trainer and step, and ends with "Send credit note finished"', async () => {
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, settlementRunUuid: runUuid, trainersSelected: [linked, contracted] });
    expect(response.status).toBe(200);
    for await (const line of readNdjson<TSendStreamMessage>(response)) messages.push(line);
    expect(messages[0]).toMatchObject({ status: 'config', item_count: 2 });
    expect(new Set(messages.filter((message) => message.outcome === 'created').map((message) => message.trainer_uuid))).toEqual(new Set([linked, contracted]));
    expect(messages.filter((message) => message.status === 'error')).toEqual([]);
    expect(messages.at(-1)).toMatchObject({ status: 'finished_studiogroup', message: expect.stringMatching(/Send credit note finished/) });
  });

  it('numbers the credit notes without gaps and e-mails each trainer their PDF', async () => {
    const notes = await stack.orm.em.fork().find(CreditNote, { documentType: 'credit_note' }, { orderBy: { number: 'asc' } });
    const year = DateTime.now().setZone('Europe/Berlin').year;
    expect(notes.map((note) => note.number)).toEqual([`GS-${year}-00001`, `GS-${year}-00002`]);
    const toTrainer = await waitFor(async () => received.find((mail) => mail.envelopeTo.includes('trainer@demo.test') && /Content-Type: application\/pdf/i.test(mail.raw)));
    expect(toTrainer.raw).toContain(`GS-${year}-0000`);
  });

  it('refuses a second send of the same run', async () => {
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid, settlementRunUuid: runUuid, trainersSelected: [linked] });
    expect(response.status).toBe(409);
  });

  it('reconciles to the cent: PDFs = SEPA control sum = CSV total = the settlement sums = the trainers’ lines', async () => {
    await expectReconciled(settlementUuid, runUuid, [linked, contracted]);
  });

  it('answers where the run’s SEPA XML is, with its payments and sum (POST /settlement/sepa-xml/create)', async () => {
    const answer = await post('/settlement/sepa-xml/create', { settlementUuid, settlementRunUuid: runUuid, settlementMonth: MONTH, apiSlug: fitness.apiSlug, trainersSelected: [linked, contracted] });
    expect(answer.status).toBe(200);
    const body = await json<{ status: string; message: string; sepaXmlFile: { status: string; filePathName: string | null } }>(answer);
    const notes = await stack.orm.em.fork().find(CreditNote, { settlementRun: { uuid: runUuid }, documentType: 'credit_note' });
    expect(body).toMatchObject({ status: 'success', sepaXmlFile: { status: 'success', filePathName: expect.stringContaining(`/run/${runUuid}/sepa-xml`) } });
    expect(body.message).toContain(formatEuro(notes.reduce((sum, note) => sum + note.grossCents, 0)));
    expect((await post('/settlement/sepa-xml/create', { settlementUuid, settlementRunUuid: runUuid, apiSlug: 'not-ours' })).status).toBe(404);
  });

  it('prepares the accounting e-mail with a status per attachment and refuses an invalid address', async () => {
    const prepared = await json<TAccountingEmail>(await post('/settlement/accounting-email/prepare', { settlementUuid, settlementRunUuid: runUuid }));
    expect(prepared.accountingEmailAddress).toBe('steuerbuero@example.test');
    expect([prepared.sepaXmlFile.status, prepared.creditNotesZipFile.status, prepared.studioCostsByMonthCsvFile.status, prepared.datevExtfFile.status]).toEqual(['success', 'success', 'success', 'success']);
    expect(prepared.datevExtfFile.filePathName).toContain(`/run/${runUuid}/datev-extf`);
    // No payout was returned or rejected: no returns CSV, and the form does not offer it.
    expect(prepared.payoutReturnsCsvFile).toMatchObject({ status: 'not_set', filePathName: null });
    expect(prepared.accountingFiles).not.toContain('PAYOUT_RETURNS');

    const before = received.length;
    const body = { settlementUuid, settlementRunUuid: runUuid, accountingEmailSubject: 'Buchhaltung', accountingEmailBody: '<p>Hallo</p><script>alert(1)</script>', emailAttachements: ['SEPA_XML', 'CREDIT_NOTES_ZIP', 'STUDIO_COSTS_BY_MONTH', 'DATEV_EXTF'] };
    const refused = await post('/settlement/accounting-email/send', { ...body, accountingEmailAddress: 'steuerbuero@example.test; not-an-address' });
    expect(refused.status).toBe(400);
    expect((await json<{ message: string }>(refused)).message).toMatch(/not-an-address/);
    expect(received.length).toBe(before);

    const sent = await post('/settlement/accounting-email/send', { ...body, accountingEmailAddress: 'steuerbuero@example.test' });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const mail = await waitFor(async () => received.find((item) => item.envelopeTo.includes('steuerbuero@example.test')));
    expect(mail.raw).not.toContain('<script>');
    expect(mail.raw).toMatch(/\.xml/);
    expect(mail.raw).toMatch(/\.zip/);
    expect(mail.raw).toMatch(/\.csv/);
    // Four attachments: SEPA, ZIP, studio costs and the DATEV booking batch.
    expect(mail.raw.match(/Content-Disposition: attachment/gi)).toHaveLength(4);
    expect(mail.raw).toMatch(/EXTF_Buchungsstapel_/);
  });

  it('serves the DATEV booking batch and the creditors as Windows-1252 CSV downloads', async () => {
    for (const slug of ['datev-extf', 'datev-creditors']) {
      const response = await fetch(api(`/settlement/${settlementUuid}/run/${runUuid}/${slug}`), { headers: admin.headers });
      expect(response.status, slug).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/csv; charset=windows-1252/);
      expect(response.headers.get('content-disposition')).toMatch(/EXTF_/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(iconv.decode(bytes, 'win1252').startsWith('"EXTF";700;')).toBe(true);
    }
  });
});

describe('correction of an issued credit note', () => {
  it('issues a cancelling document (negative, refers to the original, no "Gutschrift") and a new credit note in a run of its own', async () => {
    const em = stack.orm.em.fork();
    const original = await em.findOneOrFail(CreditNote, { documentType: 'credit_note', trainer: { uuid: contracted } });
    const response = await post(`/credit-notes/${original.uuid}/cancel`, {});
    expect(response.status, await response.clone().text()).toBe(202);

    const cancellation = await waitFor(async () => stack.orm.em.fork().findOne(CreditNote, { cancels: original }));
    expect(cancellation.documentType).toBe('cancellation');
    expect(cancellation.grossCents).toBe(-original.grossCents);
    const text = await pdfText(fs.readFileSync(path.join(stack.dataDir, cancellation.filePath)));
    expect(text).toContain(original.number);
    expect(text).not.toContain('Gutschrift');
    // Its e-invoice: a corrected invoice (384) referring to the original (BG-3), stored beside the PDF.
    const cancellationXml = fs.readFileSync(path.join(stack.dataDir, cancellation.filePath.replace(/\.pdf$/, '.xrechnung.xml')), 'utf8');
    expect(cancellationXml).toContain('<ram:TypeCode>384</ram:TypeCode>');
    expect(cancellationXml).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${original.number}</ram:IssuerAssignedID>`));

    const reissued = await waitFor(async () =>
      stack.orm.em.fork().findOne(CreditNote, { documentType: 'credit_note', trainer: { uuid: contracted }, number: { $ne: original.number } }),
    );
    expect(reissued.grossCents).toBe(original.grossCents);
    const numbers = (await stack.orm.em.fork().find(CreditNote, {}, { orderBy: { number: 'asc' } })).map((note) => Number(note.number.slice(-5)));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));

    const again = await post(`/credit-notes/${original.uuid}/cancel`, {});
    expect(again.status).toBe(409);

    // The correction's run books both in DATEV: the cancellation ('S', Soll) and the new credit note ('H').
    const newRun = await em.fork().findOneOrFail(CreditNote, { uuid: reissued.uuid }, { populate: ['settlementRun'] });
    const datevFile = await waitFor(async () => stack.orm.em.fork().findOne(AccountingFile, { settlementRun: newRun.settlementRun, type: 'DATEV_EXTF', status: 'success' }));
    const batch = readDatevBatch(datevFile.filePath!);
    expect(batch.bookings.map((booking) => [booking.number, booking.signedCents]).sort()).toEqual(
      [
        [cancellation.number, -original.grossCents],
        [reissued.number, reissued.grossCents],
      ].sort(),
    );
  });

  it('without DATEV settings the DATEV file is not_set with a message, and the run’s other files are made', async () => {
    const em = stack.orm.em.fork();
    const group = await em.findOneOrFail(StudioGroup, { uuid: fitness.uuid });
    group.datevConsultantNumber = null;
    await em.flush();
    try {
      const activities = createCreditNoteActivities({ orm: stack.orm, dataDir: stack.dataDir, queueEmail: () => Promise.reject(new Error('no e-mail here')), queueEmails: () => Promise.reject(new Error('no e-mail here')) });
      const result = await activities.createRunFiles({ runUuid, settlementUuid, locale: 'en' });
      expect(result.files.find((file) => file.type === 'DATEV_EXTF')).toMatchObject({ status: 'not_set', filePath: null, error: expect.stringMatching(/no DATEV settings/) });
      expect(result.files.filter((file) => !file.type.startsWith('DATEV')).map((file) => [file.type, file.status])).toEqual([
        ['SEPA_XML', 'success'],
        ['CREDIT_NOTES_ZIP', 'success'],
        ['STUDIO_COSTS_BY_MONTH', 'success'],
        // No payout was returned or rejected: no returns CSV.
        ['PAYOUT_RETURNS', 'not_set'],
      ]);
      const prepared = await json<TAccountingEmail>(await post('/settlement/accounting-email/prepare', { settlementUuid, settlementRunUuid: runUuid }));
      expect(prepared.datevExtfFile).toMatchObject({ status: 'not_set', filePathName: null, message: expect.stringMatching(/no DATEV settings/) });
      expect(prepared.sepaXmlFile.status).toBe('success');
      const download = await fetch(api(`/settlement/${settlementUuid}/run/${runUuid}/datev-extf`), { headers: admin.headers });
      expect(download.status).toBe(404);
    } finally {
      group.datevConsultantNumber = DATEV_SETTINGS.datevConsultantNumber;
      await em.flush();
    }
  });
});

describe('the whole demo month', () => {
  it('bills every consenting trainer with complete data, without review, and reconciles to the cent', { timeout: 180_000 }, async () => {
    const month = DateTime.fromISO(MONTH).minus({ months: 1 }).endOf('month');
    await importDemoClasses(stack.baseUrl, admin, fitness.uuid, month.startOf('month').toISODate()!, month.toISODate()!);
    const uuid = crypto.randomUUID();
    const billable = await json<{ rows: Array<{ trainer_uuid: string; selectable: boolean; self_billing_consent?: boolean }> }>(
      await fetch(api(`/settlement/${uuid}/billable-trainers?month=${month.toISODate()}`), { headers: admin.headers }),
    );
    const trainers = [...new Set(billable.rows.filter((row) => row.selectable && row.self_billing_consent).map((row) => row.trainer_uuid))];
    expect(trainers.length).toBeGreaterThanOrEqual(18);
    await prepareSettlement(stack.baseUrl, admin, fitness, uuid, month.toISODate()!, trainers, false);
    const run = crypto.randomUUID();
    const response = await post('/settlement/trainer-credit-note/send', { settlementUuid: uuid, settlementRunUuid: run, trainersSelected: trainers });
    expect(response.status, await response.clone().text()).toBe(200);
    for await (const _line of readNdjson(response)) void _line;
    // A trainer with neither tax number nor VAT ID cannot be the seller of an EN 16931
    // invoice (BR-S-02 / BR-E-02; §14 (4) UStG asks for one too): refused before numbering.
    const withoutTaxId = (await stack.orm.em.fork().find(Trainer, { uuid: { $in: trainers } })).filter((trainer) => !trainer.taxNumber?.trim() && !trainer.vatId?.trim()).map((trainer) => trainer.uuid);
    const refusedForEInvoice = await stack.orm.em.fork().count(CreditNote, { settlementRun: { uuid: run }, trainer: { uuid: { $in: withoutTaxId } } });
    expect(refusedForEInvoice).toBe(0);
    await expectReconciled(uuid, run, trainers.filter((trainer) => !withoutTaxId.includes(trainer)));
  });
});

describe('a run long enough to continue as new', () => {
  it('numbers, e-mails and files every trainer once across its runs and answers as one run', { timeout: 180_000 }, async () => {
    // Nine trainers of a month of their own and one not in its settlement (refused), in chunks of two,
    // two chunks a workflow run: five chunks, three runs.
    const month = DateTime.fromISO(MONTH).minus({ months: 2 }).endOf('month').toISODate()!;
    const billed = await writeSyntheticTrainers(stack.orm, { studioGroupId: fitness.id, month, count: 9, prefix: 'CAN' });
    const uuid = crypto.randomUUID();
    await prepareSettlement(stack.baseUrl, admin, fitness, uuid, month, billed, false);
    const trainers = [...billed.slice(0, 3), noConsent, ...billed.slice(3)];
    const run = crypto.randomUUID();
    const workflowId = creditNoteRunWorkflowId(run);
    const firstNumber = (await creditNoteCount()) + 1;
    // Started as the settlement starts it, with a small chunk and run size (fields for tests).
    const handle = await stack.temporal.workflow.start<TCreditNoteRunWorkflow>(CREDIT_NOTE_RUN_WORKFLOW, {
      taskQueue: TASK_QUEUE,
      workflowId,
      args: [{ runUuid: run, settlementUuid: uuid, studioGroupUuid: fitness.uuid, trainerUuids: trainers, userUuid: admin.userUuid, locale: 'en', chunkSize: 2, chunksPerRun: 2 }],
    });
    const result = await handle.result();

    continuedRuns = await historiesOfRuns(stack.temporal, workflowId, handle.firstExecutionRunId);
    expect(continuedRuns).toHaveLength(3);
    // Each run's history holds its two chunks (~30 events each) and the run's start or end, no more.
    for (const history of continuedRuns) expect(history.events!.length).toBeLessThan(120);
    // The last run answers the lists of all three, in the trainers' order; the query too.
    expect(result.issuedTrainerUuids).toEqual(billed);
    expect(result.refusedTrainerUuids).toEqual([noConsent]);
    expect(result.sentTrainerUuids).toEqual(billed);
    expect(await stack.temporal.workflow.getHandle(workflowId).query(creditNoteRunStateQuery)).toMatchObject({ phase: 'done', total: 10, processed: 10, issuedTrainerUuids: billed, refusedTrainerUuids: [noConsent] });

    // Numbers without a gap, in the trainers' order, after every credit note before them.
    const notes = await stack.orm.em.fork().find(CreditNote, { documentType: 'credit_note', settlementRun: { uuid: run } }, { populate: ['trainer'], orderBy: { number: 'asc' } });
    expect(notes.map((note) => note.trainer.uuid)).toEqual(billed);
    expect(notes.map((note) => Number(note.number.slice(-5)))).toEqual(billed.map((_, index) => firstNumber + index));
    const all = (await stack.orm.em.fork().find(CreditNote, {}, { orderBy: { number: 'asc' } })).map((note) => Number(note.number.slice(-5)));
    expect(all).toEqual(all.map((_, index) => index + 1));
    expect(notes.every((note) => note.sentAt !== null)).toBe(true);

    // One e-mail per trainer in the outbox and one at the SMTP server, none twice.
    const outbox = await stack.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ idempotency_key: string }>>(`select idempotency_key from outgoing_email where idempotency_key like ?`, [`${fitness.uuid}:credit-note:${run}:%`]);
    expect(outbox.map((email) => email.idempotency_key.split(':').at(-1)).sort()).toEqual([...billed].sort());
    const addresses = Array.from({ length: 9 }, (_, index) => `can${index + 1}@trainer.test`);
    await waitFor(async () => addresses.every((address) => received.some((mail) => mail.envelopeTo.includes(address))));
    for (const address of addresses) expect(received.filter((mail) => mail.envelopeTo.includes(address)), address).toHaveLength(1);

    // Files and sums as one run makes them: the SEPA file, ZIP, CSV, DATEV and the settlement's sums reconcile.
    await expectReconciled(uuid, run, billed);
    expect(result.sums.grossCents).toBe(notes.reduce((sum, note) => sum + note.grossCents, 0));
  });
});
