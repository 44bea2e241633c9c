import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../activities/mail';
import { Invitation, Trainer } from '../../db/entities';
import type { TBulkInvitationAnswer, TFirstMonthChecklist, TTrainerCsvRowError } from '../../contracts/first-month.contract';
import { linkOf, mailsTo } from '../support/mail-links';
import { createEmptyStudioGroup } from '../support/new-studio-group';
import { startSmtpServer } from '../support/smtp';
import { callApi, logIn, startStack, type Caller, type Stack } from '../support/stack';

// A new studio group's first month on the real stack (PostgreSQL, Temporal, SMTP): the checklist of a
// group with nothing yet and of the demo group, the trainer CSV (every bad row named, nothing saved;
// then created and updated by source id), and the bulk invitation, which sends real e-mails once.

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof logIn>>;
let demoAdmin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;
let groupId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({ mailer: createMailer({ smtpUrl: smtp.url }), publicUrl: 'http://portal.test' });
  ({ uuid: groupUuid, id: groupId } = await createEmptyStudioGroup(stack.orm, { name: 'Studio Neustart', apiSlug: 'studio-neustart', adminEmail: 'nora@neustart.test' }));
  admin = await logIn(stack.baseUrl, 'nora@neustart.test');
  demoAdmin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

const call = <T = Record<string, unknown>>(caller: Caller, method: string, path: string, body?: unknown, locale: 'de' | 'en' = 'en') =>
  callApi<T>(stack.baseUrl, method, path, { as: caller, body, locale, contentType: 'application/json' });
const checklist = async (caller: Caller = admin, uuid = groupUuid) => {
  const answer = await call<TFirstMonthChecklist>(caller, 'GET', `/api/v1/${uuid}/first-month`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** POSTs the text as the multipart field `file`, as the upload screen does. */
async function uploadTrainers(csv: string | Uint8Array<ArrayBuffer>, locale: 'de' | 'en' = 'en', caller: Caller = admin) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'trainers.csv');
  const { 'content-type': _json, ...headers } = caller.headers;
  const response = await fetch(`${stack.baseUrl}/api/v1/${groupUuid}/trainers/csv`, { method: 'POST', headers: { ...headers, 'x-locale': locale }, body: form });
  return { status: response.status, body: (await response.json()) as { status: string; message: string; created?: number; updated?: number; errors?: TTrainerCsvRowError[] } };
}

const trainersOfGroup = () => stack.orm.em.fork().find(Trainer, { studioGroup: groupId }, { orderBy: { sourceId: 'asc' } });

const HEADER = 'source_id,first_name,last_name,email,street,house_number,postal_code,city,country,iban,bic,tax_number,vat_id,vat_liable';
const GOOD = [
  HEADER,
  'T1,Anna,Schmidt,Anna.Schmidt@Example.test,Hauptstraße,1,10115,Berlin,DE,DE89 3704 0044 0532 0130 00,COBADEFFXXX,30/123/45678,,ja',
  'T2,Lukas,Müller,lukas@example.test,Ringstraße,7a,20095,Hamburg,,DE02120300000000202051,,12/345/67890,,nein',
  'T3,Mia,Wagner,,Weg,2,80331,München,DE,DE02100100100006820101,,11/222/33333,DE123456788,yes',
].join('\n');

describe('the checklist of a group with nothing yet', () => {
  it('shows every item open or in need of attention, with what is missing, and lands the admin there', async () => {
    const list = await checklist();
    expect(list).toMatchObject({ complete: false, showInNavigation: true, landHere: true });
    expect(list.items.companyData).toMatchObject({ state: 'attention', link: 'admin/settings', invalid: [] });
    expect([...list.items.companyData.missing].sort()).toEqual(['accountingEmail', 'address', 'bic', 'iban', 'taxNumberOrVatId']);
    expect(list.items.sourceSystem).toMatchObject({ state: 'open', sourceSystem: 'csv', studios: 0 });
    expect(list.items.trainers).toMatchObject({ state: 'open', trainers: 0, withEmail: 0 });
    expect(list.items.classes).toMatchObject({ state: 'open', classes: 0, month: list.month });
    expect(list.items.payRules).toMatchObject({ state: 'open', rules: 0, classesWithoutRule: 0, link: 'admin/payment-type-rules' });
    expect(list.items.invitations).toMatchObject({ state: 'open', invited: 0, accepted: 0, notInvitedWithEmail: 0, people: [] });
    expect(list.items.selfBillingConsent).toMatchObject({ state: 'open', withConsent: 0, withoutConsent: 0 });
    expect(list.items.firstSettlement).toMatchObject({ state: 'open', status: 'none', settlementUuid: null, creditNotes: 0 });
  });

  it('does not land the demo group’s admin there: its company data and trainers are in', async () => {
    const list = await checklist(demoAdmin, demoAdmin.studioGroups[0]!.uuid);
    expect(list.landHere).toBe(false);
    expect(list.items.companyData.state).toBe('done');
    expect(list.items.sourceSystem).toMatchObject({ state: 'done', sourceSystem: 'demo', studios: 3 });
    expect(list.items.trainers.trainers).toBe(25);
    // The demo trainer's portal account is linked; DF-T017 has not consented to self-billing.
    expect(list.items.invitations.accepted).toBe(1);
    expect(list.items.selfBillingConsent).toMatchObject({ state: 'attention', withoutConsent: 1 });
  });

  it('is the group’s own: staff of another group are refused and learn nothing', async () => {
    const foreign = await call(yogaAdmin, 'GET', `/api/v1/${groupUuid}/first-month`);
    expect([403, 404]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain('Neustart');
  });
});

describe('the trainer CSV', () => {
  it('refuses a file with bad rows, naming every error by line and column in the caller’s language, and saves nothing', async () => {
    const bad = [
      HEADER + ',tax_number_mandatory',
      'T1,Anna,Schmidt,anna@example,Hauptstraße,1,1011,Berlin,DE,DE89370400440532013001,COBA,,DE123,ja,vielleicht',
      'T2,Lukas,,lukas@example.test,,,,,,,,,,,',
      'T1,Anna,Schmidt,,,,,,,,,,,,',
      ',Ohne,Id,,,,,,,,,,,,',
    ].join('\n');
    const answer = await uploadTrainers(bad, 'de');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Die Datei enthält 9 Fehler; es wurde kein Trainer gespeichert.');
    expect(answer.body.errors!.map((error) => [error.line, error.column])).toEqual([
      [2, 'tax_number_mandatory'],
      [2, 'email'],
      [2, 'postal_code'],
      [2, 'iban'],
      [2, 'bic'],
      [2, 'vat_id'],
      [3, 'last_name'],
      [4, 'source_id'],
      [5, 'source_id'],
    ]);
    expect(answer.body.errors!.map((error) => error.message)).toEqual(
      expect.arrayContaining([
        'Zeile 2, Spalte iban: ist keine gültige IBAN',
        'Zeile 2, Spalte postal_code: muss aus genau 5 Ziffern bestehen',
        'Zeile 2, Spalte vat_id: ist keine gültige USt-IdNr.',
        'Zeile 2, Spalte email: muss eine E-Mail-Adresse sein',
        'Zeile 2, Spalte tax_number_mandatory: muss ja oder nein sein',
        'Zeile 3, Spalte last_name: ist ein Pflichtfeld',
        'Zeile 4, Spalte source_id: source_id T1 steht schon in Zeile 2',
      ]),
    );
    expect(await trainersOfGroup()).toHaveLength(0);
  });

  it('refuses what is not a trainer CSV: no file, a file without the required columns, not UTF-8, too large', async () => {
    const notMultipart = await call(admin, 'POST', `/api/v1/${groupUuid}/trainers/csv`, { file: HEADER });
    expect(notMultipart).toMatchObject({ status: 400, body: { field: 'file', message: 'Choose a CSV file of trainers (form field "file").' } });
    const noColumns = await uploadTrainers('id,name\n1,Anna');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.errors![0]!.message).toBe('Line 1: missing columns: source_id, first_name, last_name');
    const latin1 = await uploadTrainers(new Uint8Array([...new TextEncoder().encode(`${HEADER}\nT9,J`), 0xfc, ...new TextEncoder().encode('rgen,X\n')]));
    expect(latin1).toMatchObject({ status: 400, body: { message: 'The file is not UTF-8 text.' } });
    const huge = await uploadTrainers(`${HEADER}\n${'T,A,B\n'.repeat(200_000)}`);
    expect(huge).toMatchObject({ status: 413, body: { message: 'The file is larger than 1 MB.' } });
    expect(await trainersOfGroup()).toHaveLength(0);
  });

  it('creates the trainers of a good file with their normalised data', async () => {
    const answer = await uploadTrainers(GOOD);
    expect(answer).toMatchObject({ status: 200, body: { created: 3, updated: 0, message: '3 trainers added, 0 updated.' } });
    const [anna, lukas, mia] = await trainersOfGroup();
    expect(anna).toMatchObject({ sourceId: 'T1', email: 'anna.schmidt@example.test', iban: 'DE89370400440532013000', postalCode: '10115', vatLiable: true, country: 'DE' });
    expect(lukas).toMatchObject({ sourceId: 'T2', houseNumber: '7a', vatLiable: false, bic: null });
    expect(mia).toMatchObject({ email: null, vatId: 'DE123456788' });
    const list = await checklist();
    expect(list.items.trainers).toMatchObject({ state: 'attention', trainers: 3, withEmail: 2, withoutEmail: 1 });
    expect(list.items.invitations).toMatchObject({ state: 'open', notInvitedWithEmail: 2, withoutEmail: 1 });
    expect(list.landHere).toBe(true);
  });

  it('updates by source id: a blank cell keeps what is stored', async () => {
    const answer = await uploadTrainers(['source_id;first_name;last_name;city;iban', 'T1;Anna;Schmidt;Potsdam;', 'T4;Jonas;Becker;Köln;'].join('\n'), 'de');
    expect(answer).toMatchObject({ status: 200, body: { created: 1, updated: 1, message: '1 Trainer angelegt, 1 aktualisiert.' } });
    const [anna] = await trainersOfGroup();
    expect(anna).toMatchObject({ city: 'Potsdam', iban: 'DE89370400440532013000', email: 'anna.schmidt@example.test', street: 'Hauptstraße' });
  });
});

describe('the bulk invitation', () => {
  const invitationsOfGroup = () => stack.orm.em.fork().find(Invitation, { studioGroup: groupId });

  it('sends the portal invitation to every trainer with an e-mail address never invited', async () => {
    const answer = await call<TBulkInvitationAnswer>(admin, 'POST', `/api/v1/${groupUuid}/trainers/invitations`, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ sent: 2, skipped: [], message: '2 invitations sent, 0 skipped.' });
    const [anna] = await mailsTo(smtp.received, 'anna.schmidt@example.test');
    const [lukas] = await mailsTo(smtp.received, 'lukas@example.test');
    expect(linkOf(anna!, 'invitation').url).toMatch(/^http:\/\/portal\.test\/de\/invitation\//);
    expect(linkOf(lukas!, 'invitation').token).toBeTruthy();
    const list = await checklist();
    expect(list.items.invitations).toMatchObject({ state: 'done', invited: 2, accepted: 0, notInvitedWithEmail: 0 });
    expect(list.items.invitations.people.filter((person) => person.state === 'pending').map((person) => person.name).sort()).toEqual(['Anna Schmidt', 'Lukas Müller']);
  });

  it('sends nothing twice: a second call finds no one, and naming them skips them with the reason', async () => {
    const again = await call<TBulkInvitationAnswer>(admin, 'POST', `/api/v1/${groupUuid}/trainers/invitations`, {});
    expect(again.body).toMatchObject({ sent: 0, skipped: [] });
    const everyone = (await trainersOfGroup()).map((trainer) => trainer.uuid);
    const named = await call<TBulkInvitationAnswer>(admin, 'POST', `/api/v1/${groupUuid}/trainers/invitations`, { trainerUuids: everyone }, 'de');
    expect(named.body.sent).toBe(0);
    expect(named.body.skipped.map((skip) => skip.reason).sort()).toEqual(['alreadyPending', 'alreadyPending', 'noEmail', 'noEmail']);
    expect(named.body.skipped.find((skip) => skip.reason === 'noEmail')!.message).toBe('Keine E-Mail-Adresse.');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('anna.schmidt@example.test'))).toHaveLength(1);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('lukas@example.test'))).toHaveLength(1);
    expect(await invitationsOfGroup()).toHaveLength(2);
  });

  it('refuses what is not a list of uuids and skips another group’s trainer', async () => {
    const bad = await call(admin, 'POST', `/api/v1/${groupUuid}/trainers/invitations`, { trainerUuids: ['nope'] });
    expect(bad).toMatchObject({ status: 400, body: { status: 'error' } });
    const demoTrainer = await stack.orm.em.fork().findOneOrFail(Trainer, { sourceId: 'DF-T010' });
    const foreign = await call<TBulkInvitationAnswer>(admin, 'POST', `/api/v1/${groupUuid}/trainers/invitations`, { trainerUuids: [demoTrainer.uuid] });
    expect(foreign.body).toMatchObject({ sent: 0, skipped: [{ trainerUuid: demoTrainer.uuid, name: null, reason: 'notFound' }] });
    expect(await stack.orm.em.fork().count(Invitation, { trainer: demoTrainer.id })).toBe(0);
  });

  it('counts a trainer who signed up from the e-mailed link as accepted', async () => {
    const [mail] = await mailsTo(smtp.received, 'lukas@example.test');
    const signUp = await callApi(stack.baseUrl, 'POST', '/api/account-links/invitation/sign-up', {
      body: { token: linkOf(mail!, 'invitation').token, firstname: 'Lukas', lastname: 'Müller', password: 'ein-gutes-passwort', language: 'de' },
      contentType: 'application/json',
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const list = await checklist();
    expect(list.items.invitations).toMatchObject({ invited: 1, accepted: 1 });
    expect(list.items.invitations.people.find((person) => person.name === 'Lukas Müller')).toMatchObject({ state: 'accepted', respondedAt: expect.any(String) });
  });
});
