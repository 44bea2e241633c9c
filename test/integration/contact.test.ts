import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../contracts/contact-limits';
import { loadDownloadSecret } from '../../api/downloads/tokens';
import { issueFormToken } from '../../api/routes/contact/form-token';
import type { TContactRequest, TContactRequestList } from '../../contracts/contact.contract';
import { ContactRequest, OutgoingEmail } from '../../db/entities';
import { createSiteRouter } from '../../api/routes/site/site.router';
import { errorMiddleware } from '../../api/http/errors';
import { contactRequestMailWorkflowId } from '../../workflows/ids';
import { logIn, startStack, type Stack } from '../support/stack';

// The public contact form against the real API, PostgreSQL and Temporal (spec admin 2.23, 5, 7, 8):
// a valid request is stored with both e-mails in the outbox and delivered by its workflow; each
// refusal (missing fields, a bad e-mail, unticked terms, a 1 MB message, the honeypot, a form sent
// too fast, not a form, a flood) is a clear answer and stores nothing. Then the operators' list,
// detail and 'handled' mark, and the content files read from disk at request time.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const em = () => stack.orm.em.fork();
const resetLimits = () => stack.orm.em.getConnection().execute(`delete from rate_limit_counter where key like 'contact-form%'`, [], 'run');
beforeEach(resetLimits);

const VALID = {
  company: 'Studio Nord GmbH',
  firstname: 'Maria',
  lastname: 'Schulz',
  email: 'maria.schulz@studio-nord.example',
  phone: '+49 40 123456',
  message: 'Wir haben 3 Studios und 40 Trainer.',
  terms: '1',
  language: 'de',
  website: '',
};

/** A genuine form token, issued `ageMs` ago (as if the page had shown the form then). */
const formTokenOf = async (ageMs: number) => issueFormToken(await loadDownloadSecret(stack.orm, undefined), Date.now() - ageMs);

function send(fields: Record<string, string | undefined>, locale: 'de' | 'en' = 'en') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return fetch(`${stack.baseUrl}/api/request_form`, { method: 'POST', body: form, headers: { 'x-locale': locale } });
}

async function expectRefused(response: Response, status: number, field?: string) {
  const body = (await response.json()) as { status: string; message: string; field?: string };
  expect({ status: response.status, answer: body.status, field: body.field }).toEqual({ status, answer: 'error', field });
  expect(body.message.length).toBeGreaterThan(5);
  return body;
}

const countRequests = () => em().count(ContactRequest, {});

describe('POST /api/request_form', () => {
  it('stores a valid request, records the e-mail to sales and the German confirmation, and delivers them', async () => {
    const response = await send(VALID, 'de');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', message: expect.stringContaining('Vielen Dank') });

    const stored = await em().findOneOrFail(ContactRequest, { email: VALID.email });
    expect(stored).toMatchObject({ company: 'Studio Nord GmbH', firstname: 'Maria', lastname: 'Schulz', phone: '+49 40 123456', message: VALID.message, terms: true, language: 'de', handledAt: null });

    const mails = await em().find(OutgoingEmail, { idempotencyKey: { $like: `platform:contact-request-%:${stored.uuid}` } }, { orderBy: { idempotencyKey: 'asc' } });
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [VALID.email, 'Ihre Anfrage bei TrainerPay'],
      ['sales@trainerpay.test', 'Neue Kontaktanfrage: Studio Nord GmbH'],
    ]);
    expect(mails[0]!.textBody).toContain('Guten Tag,');
    expect(mails[1]!.textBody).toContain('maria.schulz@studio-nord.example');
    expect(mails[1]!.textBody).toContain(VALID.message);

    // The workflow hands both to delivery; without SMTP they stay in the outbox.
    const result = await stack.temporal.workflow.getHandle(contactRequestMailWorkflowId(stored.uuid)).result();
    expect(result).toEqual({ delivered: 0, inOutbox: 2, failed: 0 });
  });

  it('confirms in English to a visitor of the English or Spanish page; phone and message are optional', async () => {
    for (const [language, email] of [
      ['en', 'tom@gym.example'],
      ['es', 'lucia@estudio.example'],
    ] as const) {
      const response = await send({ ...VALID, language, email, phone: undefined, message: '' });
      expect(response.status).toBe(200);
      const stored = await em().findOneOrFail(ContactRequest, { email });
      expect(stored).toMatchObject({ language, phone: null, message: null });
      const confirmation = await em().findOneOrFail(OutgoingEmail, { idempotencyKey: `platform:contact-request-confirmation:${stored.uuid}` });
      expect(confirmation.subject).toBe('Your request to TrainerPay');
      expect(confirmation.textBody).toContain('Hello,');
    }
  });

  it('confirms with fixed text: nothing the visitor typed reaches the address they typed', async () => {
    const spam = 'Claim your prize at https://spam.example/win now';
    const response = await send({ ...VALID, email: 'victim@elsewhere.example', firstname: 'Visit https://spam.example', company: spam, message: spam });
    expect(response.status).toBe(200);
    const stored = await em().findOneOrFail(ContactRequest, { email: 'victim@elsewhere.example' });
    const confirmation = await em().findOneOrFail(OutgoingEmail, { idempotencyKey: `platform:contact-request-confirmation:${stored.uuid}` });
    expect(confirmation.toAddress).toBe('victim@elsewhere.example');
    for (const body of [confirmation.textBody, confirmation.htmlBody ?? '']) {
      expect(body).not.toContain('spam.example');
      expect(body).not.toContain('prize');
    }
    expect(confirmation.subject).toBe('Ihre Anfrage bei TrainerPay');
    // Sales still read everything.
    const sales = await em().findOneOrFail(OutgoingEmail, { idempotencyKey: `platform:contact-request-sales:${stored.uuid}` });
    expect(sales.textBody).toContain(spam);
  });

  it('refuses missing required fields, naming the field, and stores nothing', async () => {
    const before = await countRequests();
    for (const field of ['company', 'firstname', 'lastname', 'email'] as const) {
      await expectRefused(await send({ ...VALID, [field]: undefined }), 400, field);
      await expectRefused(await send({ ...VALID, [field]: '   ' }), 400, field);
    }
    const missingTerms = await expectRefused(await send({ ...VALID, terms: undefined }, 'de'), 400, 'terms');
    expect(missingTerms.message).toBe('terms: muss bestätigt werden');
    await expectRefused(await send({ ...VALID, terms: '' }), 400, 'terms');
    expect(await countRequests()).toBe(before);
  });

  it('refuses a bad e-mail address with the server message the page shows after its invalid-e-mail text', async () => {
    const before = await countRequests();
    for (const email of ['not-an-address', 'a@b', 'maria@@studio.example', 'maria@studio.example\nBcc: x@y.example']) {
      const body = await expectRefused(await send({ ...VALID, email }), 400, 'email');
      expect(body.message).toBe('email: must be an e-mail address');
    }
    expect(await countRequests()).toBe(before);
  });

  it('answers a 1 MB message with 413 and a message over 5,000 characters with 400; nothing is stored', async () => {
    const before = await countRequests();
    const huge = await expectRefused(await send({ ...VALID, message: 'x'.repeat(1024 * 1024) }), 413, 'message');
    expect(huge.message).toContain('5,000');
    await expectRefused(await send({ ...VALID, message: 'y'.repeat(5001) }), 400, 'message');
    expect(await countRequests()).toBe(before);
  });

  it('stores script tags as text; the operators read them as text and the e-mail escapes them', async () => {
    const message = '<script>alert("x")</script> & <b>bold</b>';
    const company = '<img src=x onerror=alert(1)>';
    expect((await send({ ...VALID, email: 'xss@studio.example', company, message })).status).toBe(200);
    const stored = await em().findOneOrFail(ContactRequest, { email: 'xss@studio.example' });
    expect([stored.company, stored.message]).toEqual([company, message]);
    const sales = await em().findOneOrFail(OutgoingEmail, { idempotencyKey: `platform:contact-request-sales:${stored.uuid}` });
    expect(sales.htmlBody).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(sales.htmlBody).not.toContain('<script>');
    expect(sales.htmlBody).not.toContain('<img src=x');
  });

  it("refuses bots: a filled honeypot, or a form sent too fast by the server's clock", async () => {
    const before = await countRequests();
    await expectRefused(await send({ ...VALID, website: 'https://spam.example' }), 400, 'website');
    // The page fetches the token when it shows the form; sent back at once, the form was open no time.
    const tokenAnswer = await fetch(`${stack.baseUrl}/api/request_form/token`);
    expect(tokenAnswer.status).toBe(200);
    const { form_token: fresh } = (await tokenAnswer.json()) as { form_token: string };
    const tooFast = await expectRefused(await send({ ...VALID, form_token: fresh }, 'de'), 400, 'form_token');
    expect(tooFast.message).toBe('Das Formular wurde zu schnell gesendet. Bitte prüfen Sie Ihre Angaben und senden Sie es noch einmal.');
    // A fill time the client claims counts for nothing.
    await expectRefused(await send({ ...VALID, form_token: fresh, fill_ms: '8000' }), 400, 'form_token');
    // A token the client back-dated, or made up, is not genuine.
    const [, signature] = fresh.split('.');
    const backDated = await expectRefused(await send({ ...VALID, form_token: `${Date.now() - 60_000}.${signature}` }), 400, 'form_token');
    expect(backDated.message).toBe('The form has expired. Please reload the page and send it again.');
    await expectRefused(await send({ ...VALID, form_token: 'made-up' }), 400, 'form_token');
    // A day-old form is sent again from a reloaded page.
    await expectRefused(await send({ ...VALID, form_token: await formTokenOf(25 * 3600_000) }), 400, 'form_token');
    expect(await countRequests()).toBe(before);
  });

  it('accepts a form open long enough by its token', async () => {
    const response = await send({ ...VALID, email: 'patient@studio.example', form_token: await formTokenOf(3500) });
    expect(response.status).toBe(200);
    expect(await em().count(ContactRequest, { email: 'patient@studio.example' })).toBe(1);
  });

  it("accepts the spec's payload as it is: no form token and no honeypot field", async () => {
    const { website: _website, ...specFields } = VALID;
    expect(Object.keys(specFields)).toEqual(['company', 'firstname', 'lastname', 'email', 'phone', 'message', 'terms', 'language']);
    const response = await send({ ...specFields, email: 'spec.payload@studio.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success' });
    expect(await em().count(ContactRequest, { email: 'spec.payload@studio.example' })).toBe(1);
  });

  it('refuses a body that is not a form', async () => {
    const response = await fetch(`${stack.baseUrl}/api/request_form`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'company=x' });
    await expectRefused(response, 400, 'body');
  });

  it(`limits accepted requests to ${CONTACT_RATE_LIMIT.max} per IP and hour; refusals do not use them up`, async () => {
    const before = await countRequests();
    for (let i = 0; i < 3; i++) await expectRefused(await send({ ...VALID, email: 'broken' }), 400, 'email');
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send({ ...VALID, email: `flood${i}@studio.example` })).status).toBe(200);
    const limited = await send({ ...VALID, email: 'flood-extra@studio.example' }, 'de');
    const body = await expectRefused(limited, 429);
    expect(body.message).toContain('Zu viele Anfragen');
    expect(await countRequests()).toBe(before + CONTACT_RATE_LIMIT.max);
  });
});

describe('operators: /api/ops/contact-requests', () => {
  it('lists open requests, shows one, marks it handled and open again; only operators see them', async () => {
    expect((await send({ ...VALID, email: 'ops-check@studio.example' })).status).toBe(200);
    const operator = await logIn(stack.baseUrl, 'ops@demo.test');
    const get = (pathname: string, headers: Record<string, string> = operator.headers) => fetch(`${stack.baseUrl}/api${pathname}`, { headers });

    const list = (await (await get('/ops/contact-requests')).json()) as TContactRequestList;
    const mine = list.requests.find((request) => request.email === 'ops-check@studio.example')!;
    expect(mine).toMatchObject({ company: VALID.company, handledAt: null, handledBy: null });
    expect(list.open).toBe(list.requests.length);

    const detail = (await (await get(`/ops/contact-requests/${mine.uuid}`)).json()) as TContactRequest;
    expect(detail.message).toBe(VALID.message);

    const mark = (handled: boolean) => fetch(`${stack.baseUrl}/api/ops/contact-requests/${mine.uuid}/handled`, { method: 'POST', headers: operator.headers, body: JSON.stringify({ handled }) });
    const handled = (await (await mark(true)).json()) as TContactRequest;
    expect(handled.handledAt).not.toBeNull();
    expect(handled.handledBy).toBeTruthy();
    const open = (await (await get('/ops/contact-requests')).json()) as TContactRequestList;
    expect(open.requests.map((request) => request.uuid)).not.toContain(mine.uuid);
    const done = (await (await get('/ops/contact-requests?status=handled')).json()) as TContactRequestList;
    expect(done.requests.map((request) => request.uuid)).toContain(mine.uuid);
    expect(((await (await mark(false)).json()) as TContactRequest).handledAt).toBeNull();

    const staff = await logIn(stack.baseUrl, 'admin@demo.test');
    const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
    for (const headers of [staff.headers, trainer.headers]) expect((await get('/ops/contact-requests', headers)).status).toBe(403);
    expect((await get(`/ops/contact-requests/${mine.uuid}`, staff.headers)).status).toBe(403);
    expect((await get('/ops/contact-requests', {})).status).toBe(401);
    expect((await get('/ops/contact-requests/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('content files (/build/content/...)', () => {
  it('serves each file in de and en, Spanish navigation only, and the trainer footer', async () => {
    const file = (relative: string) => JSON.parse(fs.readFileSync(path.join('content', relative), 'utf8')) as unknown;
    for (const relative of ['web/de/home/hero.json', 'web/en/home/pricing-table.json', 'web/es/navigation.json', 'trainer_account/de/footer.json', 'web/en/contact.json']) {
      const response = await fetch(`${stack.baseUrl}/build/content/${relative}`);
      expect(response.status, relative).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.json()).toEqual(file(relative));
    }
    expect((await fetch(`${stack.baseUrl}/build/content/web/es/home/hero.json`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/build/content/web/fr/navigation.json`)).status).toBe(400);
  });

  it("reads the files on every request: an editor's change shows at once, a malformed file is a 500 and not served", async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-content-'));
    fs.cpSync('content', contentDir, { recursive: true });
    const app = express().use(createSiteRouter({ contentDir, webDist: contentDir })).use(errorMiddleware);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/build/content/web/de/home/hero.json`;
    try {
      const heroPath = path.join(contentDir, 'web/de/home/hero.json');
      const hero = JSON.parse(fs.readFileSync(heroPath, 'utf8')) as { headline: string };
      fs.writeFileSync(heroPath, JSON.stringify({ ...hero, headline: 'Neu vom Redakteur' }));
      expect(((await (await fetch(url)).json()) as { headline: string }).headline).toBe('Neu vom Redakteur');
      fs.writeFileSync(heroPath, JSON.stringify({ ...hero, headline: '' }));
      expect((await fetch(url)).status).toBe(500);
      fs.writeFileSync(heroPath, '{ "headline": ');
      expect((await fetch(url)).status).toBe(500);
    } finally {
      server.close();
      fs.rmSync(contentDir, { recursive: true, force: true });
    }
  });
});
