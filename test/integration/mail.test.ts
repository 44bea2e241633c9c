import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailActivities, createMailer, type MailActivities, type TQueueEmailInput } from '../../activities/mail';
import type { TOutboxEmailDetail, TOutboxList } from '../../contracts/outbox.contract';
import { OutgoingEmail, StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../db/entities';
import { DEMO_TRAINER_EMAIL } from '../../domain/source-systems/demo.connector';
import { startSmtpServer, type ReceivedMail } from '../support/smtp';
import { callApi, logIn, startStack, type Caller, type Stack } from '../support/stack';

// E-mail delivery against the real database and a real SMTP server in this process: what arrives
// (recipient, subject, deep link, language), that an e-mail is sent once per outbox row, refusals of
// the server, the outbox without a server, and the Outbox page's API with its tenancy.

const PUBLIC_URL = 'https://pay.example';

let smtpServer: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[] = [];
let smtpPort = 0;

// --- just enough MIME to read what arrived (headers, encoded words, quoted-printable, multipart) ----

const qpBytes = (text: string) => Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');

/** RFC 2047 words (`=?UTF-8?Q?…?=`); the space between adjacent words goes, and a character may span two. */
const ENCODED_WORD = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s+=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (run) => {
    const bytes = [...run.matchAll(ENCODED_WORD)].map(([, encoding, data]) =>
      encoding!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : qpBytes(data!.replace(/_/g, ' ')),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

type MimePart = { headers: Record<string, string>; body: string };

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The leaf parts of a message (multipart bodies split at their boundary), decoded. */
function parseMime(raw: string): MimePart[] {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => parseMime(part.replace(/^\r\n/, '')));
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'quoted-printable' ? qpBytes(body) : encoding === 'base64' ? Buffer.from(body, 'base64') : Buffer.from(body, 'latin1');
  return [{ headers, body: bytes.toString('utf8') }];
}

function readMail(mail: ReceivedMail) {
  const parts = parseMime(mail.raw);
  const headers = parseHeaders(mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')));
  const part = (type: string) => parts.find((candidate) => (candidate.headers['content-type'] ?? '').startsWith(type) && !candidate.headers['content-disposition']);
  return {
    to: mail.envelopeTo,
    subject: decodeHeader(headers.subject ?? ''),
    messageId: headers['message-id'],
    text: (part('text/plain')?.body ?? '').replace(/\r\n/g, '\n'),
    html: part('text/html')?.body ?? '',
    attachments: parts.filter((candidate) => /attachment/.test(candidate.headers['content-disposition'] ?? '')),
  };
}

// --- the stack ----------------------------------------------------------------------------------

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string };
let yoga: { uuid: string };
let smtp: MailActivities;
let outboxOnly: MailActivities;
/** The demo portal trainer: German. */
let germanTrainer: Trainer;
/** A fitness trainer linked to a portal account in English (made below). */
let englishTrainer: Trainer;
const ENGLISH_ADDRESS = 'jamie.english@example.test';

const fresh = () => stack.orm.em.fork();

/** A trainer record linked to a new portal account in `language`. */
async function linkPortalAccount(trainer: Trainer, { email, language }: { email: string; language: 'de' | 'en' }) {
  const em = fresh();
  const user = em.create(User, { email, passwordHash: 'not-used', role: 'trainer', locale: language, firstname: 'Jamie', lastname: 'English', isVerified: true });
  const account = em.create(TrainerAccount, { user, firstname: 'Jamie', lastname: 'English', email, language });
  em.create(StudioGroupTrainer, { studioGroup: trainer.studioGroup.id, trainer: trainer.id, trainerAccount: account });
  await em.flush();
}

beforeAll(async () => {
  smtpServer = await startSmtpServer();
  received = smtpServer.received;
  smtpPort = smtpServer.port;
  stack = await startStack({ worker: false });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = admin.studioGroups[0]!;
  yoga = yogaAdmin.studioGroups[0]!;
  smtp = createMailActivities({ orm: stack.orm, mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }), publicUrl: PUBLIC_URL, dataDir: stack.dataDir });
  outboxOnly = createMailActivities({ orm: stack.orm, mailer: createMailer({}), publicUrl: PUBLIC_URL, dataDir: stack.dataDir });

  const em = fresh();
  germanTrainer = await em.findOneOrFail(Trainer, { email: DEMO_TRAINER_EMAIL, studioGroup: { uuid: fitness.uuid } });
  const linked = (await em.find(StudioGroupTrainer, {}, { fields: ['trainer'] })).map((link) => link.trainer.id);
  englishTrainer = await em.findOneOrFail(Trainer, { studioGroup: { uuid: fitness.uuid }, id: { $nin: linked }, email: { $ne: null } }, { orderBy: { sourceId: 'asc' } });
  await linkPortalAccount(englishTrainer, { email: ENGLISH_ADDRESS, language: 'en' });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await smtpServer?.stop();
});

beforeEach(() => {
  received.length = 0;
});

/** A settlement preview to a trainer, as the preview step will queue it. */
function previewFor(trainer: Trainer, overrides: Partial<TQueueEmailInput> = {}): TQueueEmailInput {
  return {
    studioGroupUuid: fitness.uuid,
    purpose: 'settlement-preview',
    reference: `${randomUUID()}:${trainer.uuid}`,
    recipient: { kind: 'trainer', trainerUuid: trainer.uuid },
    subjectKey: 'mail.preview.subject',
    bodyKey: 'mail.preview.body',
    params: { month: { month: '2026-10-31' } },
    link: { path: `/trainer/studio/${fitness.uuid}/credit-notes/preview`, labelKey: 'mail.preview.action' },
    ...overrides,
  };
}

async function queued(input: TQueueEmailInput, activities = smtp) {
  const result = await activities.queueEmail(input);
  if (!result.queued) throw new Error(`not queued: ${result.reason}`);
  return result;
}

const call = <T>(path: string, as: Caller = admin, locale: 'de' | 'en' = 'en') => callApi<T>(stack.baseUrl, 'GET', path, { as, locale });

describe('sending through SMTP', () => {
  it('sends a German trainer the German e-mail with the deep link in their language', async () => {
    const email = await queued(previewFor(germanTrainer, { note: 'Bitte bis Freitag prüfen.' }));
    expect(email).toMatchObject({ created: true, status: 'queued', to: DEMO_TRAINER_EMAIL });

    const delivered = await smtp.deliverEmail({ emailUuid: email.emailUuid });
    expect(delivered).toEqual({ emailUuid: email.emailUuid, status: 'sent', delivery: 'smtp', alreadySent: false });

    expect(received).toHaveLength(1);
    const mail = readMail(received[0]!);
    const deepLink = `${PUBLIC_URL}/de/trainer/studio/${fitness.uuid}/credit-notes/preview`;
    expect(mail.to).toEqual([DEMO_TRAINER_EMAIL]);
    expect(mail.subject).toBe('Demo Fitness Group: Deine Abrechnung für Oktober 2026 ist bereit zur Prüfung');
    expect(mail.messageId).toBe(`<${email.emailUuid}@trainerpay.test>`);
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('Demo Fitness Group hat deine Abrechnung für Oktober 2026 vorbereitet.');
    expect(mail.text).toContain('> Bitte bis Freitag prüfen.');
    expect(mail.text).toContain(`Abrechnung prüfen:\n${deepLink}`);
    expect(mail.html).toContain(`href="${deepLink}"`);

    const row = await fresh().findOneOrFail(OutgoingEmail, { uuid: email.emailUuid });
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.idempotencyKey.startsWith(`${fitness.uuid}:settlement-preview:`)).toBe(true);
  });

  it('sends an English trainer the English e-mail at the address of their portal account', async () => {
    const email = await queued(previewFor(englishTrainer));
    await smtp.deliverEmail({ emailUuid: email.emailUuid });

    expect(received).toHaveLength(1);
    const mail = readMail(received[0]!);
    expect(mail.to).toEqual([ENGLISH_ADDRESS]);
    expect(mail.subject).toBe('Demo Fitness Group: your settlement for October 2026 is ready for review');
    expect(mail.text).toContain('Hello Jamie,');
    expect(mail.text).toContain(`Review settlement:\n${PUBLIC_URL}/en/trainer/studio/${fitness.uuid}/credit-notes/preview`);
    expect(mail.text).toContain('This e-mail was sent by TrainerPay on behalf of Demo Fitness Group.');
  });

  it('records an e-mail once per key and sends a row once, also when two deliveries overlap', async () => {
    const input = previewFor(germanTrainer);
    const first = await queued(input);
    // A retried queueEmail, even with other content, answers the recorded row.
    const second = await queued({ ...input, note: 'changed' });
    expect(second).toMatchObject({ emailUuid: first.emailUuid, created: false });
    expect(await fresh().count(OutgoingEmail, { idempotencyKey: first.idempotencyKey })).toBe(1);

    const attempts = await Promise.all([smtp.deliverEmail({ emailUuid: first.emailUuid }), smtp.deliverEmail({ emailUuid: first.emailUuid })]);
    expect(attempts.map((attempt) => attempt.alreadySent).sort()).toEqual([false, true]);
    const again = await smtp.deliverEmail({ emailUuid: first.emailUuid });
    expect(again).toMatchObject({ status: 'sent', alreadySent: true });
    expect(received).toHaveLength(1);
  });

  it('records concurrent first calls with the same key as one row', async () => {
    const input = previewFor(germanTrainer);
    const results = await Promise.all([queued(input), queued(input), queued(input)]);
    expect(new Set(results.map((result) => result.emailUuid)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it('sends the attachments of the row', async () => {
    fs.mkdirSync(path.join(stack.dataDir, 'credit-notes'), { recursive: true });
    fs.writeFileSync(path.join(stack.dataDir, 'credit-notes', 'GS-2026-00001.pdf'), '%PDF-1.7 test');
    const email = await queued(
      previewFor(germanTrainer, {
        purpose: 'credit-note',
        subjectKey: 'mail.creditNote.subject',
        bodyKey: 'mail.creditNote.body',
        params: { month: { month: '2026-10-31' }, number: 'GS-2026-00001', gross: '1.234,56 €' },
        link: { path: `/trainer/studio/${fitness.uuid}/credit-notes`, labelKey: 'mail.creditNote.action' },
        attachments: [{ fileName: 'GS-2026-00001.pdf', filePath: 'credit-notes/GS-2026-00001.pdf', contentType: 'application/pdf' }],
      }),
    );
    await smtp.deliverEmail({ emailUuid: email.emailUuid });
    const mail = readMail(received[0]!);
    expect(mail.subject).toBe('Demo Fitness Group: Deine Gutschrift GS-2026-00001 für Oktober 2026');
    expect(mail.text).toContain('über 1.234,56 €');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.headers['content-type']).toContain('application/pdf');
    expect(mail.attachments[0]!.body).toBe('%PDF-1.7 test');
  });

  it('marks an e-mail the server refuses for good as failed, with its answer, without throwing', async () => {
    const email = await queued(
      previewFor(germanTrainer, { purpose: 'accounting', recipient: { kind: 'address', email: 'refused@accounting.example', locale: 'en' }, link: undefined }),
    );
    const result = await smtp.deliverEmail({ emailUuid: email.emailUuid });
    expect(result).toMatchObject({ status: 'failed', delivery: 'failed', alreadySent: false });
    expect(result.error).toContain('550');
    const row = await fresh().findOneOrFail(OutgoingEmail, { uuid: email.emailUuid });
    expect(row.status).toBe('failed');
    expect(row.error).toContain('550');
    expect(received).toHaveLength(0);
  });

  it('keeps an e-mail queued and fails the attempt (for a retry) while the server cannot be reached', async () => {
    const email = await queued(previewFor(germanTrainer));
    // A port where an SMTP server just stopped: nobody answers there.
    const probe = await startSmtpServer();
    await probe.stop();
    const closedPort = probe.port;
    const unreachable = createMailActivities({ orm: stack.orm, mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${closedPort}` }), publicUrl: PUBLIC_URL });
    await expect(unreachable.deliverEmail({ emailUuid: email.emailUuid })).rejects.toMatchObject({ type: 'MailServerUnavailable', nonRetryable: false });
    const row = await fresh().findOneOrFail(OutgoingEmail, { uuid: email.emailUuid });
    expect(row.status).toBe('queued');
    expect(row.error).toBeTruthy();

    // The retry, once the server is back, sends it.
    expect(await smtp.deliverEmail({ emailUuid: email.emailUuid })).toMatchObject({ status: 'sent', alreadySent: false });
    expect(received).toHaveLength(1);
    expect((await fresh().findOneOrFail(OutgoingEmail, { uuid: email.emailUuid })).error).toBeNull();
  });

  it('answers "no e-mail address" for a trainer without one, and refuses a trainer of another group', async () => {
    const em = fresh();
    const noAddress = await em.findOneOrFail(Trainer, { studioGroup: { uuid: fitness.uuid }, id: { $nin: [germanTrainer.id, englishTrainer.id] } }, { orderBy: { sourceId: 'desc' } });
    noAddress.email = null;
    await em.flush();
    expect(await smtp.queueEmail(previewFor(noAddress))).toEqual({ queued: false, reason: 'noEmailAddress' });

    const yogaTrainer = await fresh().findOneOrFail(Trainer, { studioGroup: { uuid: yoga.uuid } }, { orderBy: { sourceId: 'asc' } });
    await expect(smtp.queueEmail(previewFor(yogaTrainer))).rejects.toMatchObject({ type: 'NotFound', nonRetryable: true });
    await expect(smtp.queueEmail(previewFor(germanTrainer, { subjectKey: 'mail.noSuchKey' }))).rejects.toMatchObject({ type: 'Invalid' });
    await expect(smtp.queueEmail(previewFor(germanTrainer, { link: undefined }))).rejects.toMatchObject({ type: 'Invalid' });
    expect(received).toHaveLength(0);
  });
});

describe('without an SMTP server', () => {
  it('keeps the e-mail in the outbox, where the Outbox API shows it, newest first', async () => {
    const older = await queued(previewFor(englishTrainer), outboxOnly);
    const email = await queued(previewFor(germanTrainer), outboxOnly);
    expect(await outboxOnly.deliverEmail({ emailUuid: email.emailUuid })).toEqual({ emailUuid: email.emailUuid, status: 'queued', delivery: 'outbox', alreadySent: false });
    expect(received).toHaveLength(0);

    const list = await call<TOutboxList>(`/api/v1/${fitness.uuid}/outbox`);
    expect(list.status).toBe(200);
    expect(list.body.delivery).toBe('outbox');
    expect(list.body.emails[0]).toMatchObject({ uuid: email.emailUuid, to: DEMO_TRAINER_EMAIL, status: 'queued', sentAt: null, purpose: 'settlement-preview' });
    expect(list.body.emails[0]!.subject).toBe('Demo Fitness Group: Deine Abrechnung für Oktober 2026 ist bereit zur Prüfung');
    expect(list.body.emails[0]!.text).toContain(`${PUBLIC_URL}/de/trainer/studio/${fitness.uuid}/credit-notes/preview`);
    expect(list.body.emails[1]!.uuid).toBe(older.emailUuid);
    // Sent ones are listed too, with their time.
    expect(list.body.emails.some((row) => row.status === 'sent' && row.sentAt !== null)).toBe(true);
    expect(list.body.total).toBe(list.body.emails.length);

    const onlyQueued = await call<TOutboxList>(`/api/v1/${fitness.uuid}/outbox?status=queued&limit=1`);
    expect(onlyQueued.body.emails).toHaveLength(1);
    expect(onlyQueued.body.emails[0]!.uuid).toBe(email.emailUuid);
    expect(onlyQueued.body.total).toBeGreaterThan(1);

    const detail = await call<TOutboxEmailDetail>(`/api/v1/${fitness.uuid}/outbox/${email.emailUuid}`);
    expect(detail.status).toBe(200);
    expect(detail.body.html).toContain('<html lang="de">');
    expect(detail.body.html).toContain('Abrechnung prüfen');
  });
});

describe('the Outbox API refuses', () => {
  it("shows staff of another group none of this group's e-mails", async () => {
    const fitnessEmail = await queued(previewFor(germanTrainer), outboxOnly);
    const yogaTrainer = await fresh().findOneOrFail(Trainer, { studioGroup: { uuid: yoga.uuid }, email: { $ne: null } }, { orderBy: { sourceId: 'asc' } });
    const yogaEmail = await queued(
      { ...previewFor(yogaTrainer), studioGroupUuid: yoga.uuid, link: { path: `/trainer/studio/${yoga.uuid}/credit-notes/preview`, labelKey: 'mail.preview.action' } },
      outboxOnly,
    );

    const own = await call<TOutboxList>(`/api/v1/${yoga.uuid}/outbox`, yogaAdmin);
    expect(own.status).toBe(200);
    expect(own.body.emails.map((email) => email.uuid)).toEqual([yogaEmail.emailUuid]);

    const other = await call<{ status: string; message: string }>(`/api/v1/${fitness.uuid}/outbox`, yogaAdmin);
    expect(other.status).toBe(404);
    expect(other.body.status).toBe('error');
    const throughOwnGroup = await call<{ message: string }>(`/api/v1/${yoga.uuid}/outbox/${fitnessEmail.emailUuid}`, yogaAdmin, 'de');
    expect(throughOwnGroup).toEqual({ status: 404, body: { status: 'error', message: 'E-Mail nicht gefunden.' } });

    // And the other way round.
    const fitnessList = await call<TOutboxList>(`/api/v1/${fitness.uuid}/outbox`);
    expect(fitnessList.body.emails.map((email) => email.uuid)).not.toContain(yogaEmail.emailUuid);
  });

  it('refuses trainers, and bad input with the field', async () => {
    const trainer = await logIn(stack.baseUrl, DEMO_TRAINER_EMAIL);
    expect((await call(`/api/v1/${fitness.uuid}/outbox`, trainer)).status).toBe(403);

    const badLimit = await call<{ field: string; message: string }>(`/api/v1/${fitness.uuid}/outbox?limit=0`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.field).toBe('limit');
    const badStatus = await call<{ field: string }>(`/api/v1/${fitness.uuid}/outbox?status=lost`);
    expect(badStatus).toMatchObject({ status: 400, body: { field: 'status' } });
    const badUuid = await call<{ field: string; message: string }>(`/api/v1/${fitness.uuid}/outbox/not-a-uuid`, admin, 'de');
    expect(badUuid).toMatchObject({ status: 400, body: { field: 'uuid', message: 'uuid: muss eine UUID sein' } });
  });
});
