import { centsToEuros, eurosToCents } from '../../domain/money';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminPosition,
  TBillableTrainersResponse,
  TCalculateSumResponse,
  TSettlementCommandResponse,
  TSettlementConflictResponse,
  TSettlementDetail,
  TSettlementIndexItem,
  TSettlementLogRow,
  TSettlementProgressEvent,
  TSettlementStepResponse,
  TSettlementWorkflowInfo,
  TTrainerClubPreview,
  TTrainerListItem,
  TTrainerPreviewResponse,
  TTrainerSummaryRow,
} from '../../contracts/settlement.contract';
import {
  ZBillableTrainersResponse,
  ZSettlementDetail,
  ZSettlementIndexResponse,
  ZSettlementStepResponse,
  ZSettlementWorkflowInfo,
  ZTrainerSummaryResponse,
} from '../../contracts/settlement.contract';
import { Settlement, SettlementLine, SettlementTrainer, Studio, StudioClass, StudioGroup, Trainer } from '../../db/entities';
import { readNdjson } from '../support/ndjson';
import { logIn, startStack, type Stack } from '../support/stack';

// The settlement wizard v2 calls against the real API, PostgreSQL, Temporal and worker: every call of
// spec 7 "Settlement wizard v2" this issue builds, the refusals (a clear 4xx, nothing written), the
// frozen month (idempotent preparation, later imports change nothing until a reload) and that every
// trainer's total is the sum of their lines to the cent.

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let yogaAdmin: Awaited<ReturnType<typeof logIn>>;
let fitness: { uuid: string; id: number; mandantId: number; apiSlug: string };

// Two months before the current one: settleable (spec 5) whatever day the tests run.
const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 });
const MONTH = month.endOf('month').toISODate()!;
const CURRENT_MONTH = DateTime.now().setZone('Europe/Berlin').endOf('month').toISODate()!;

const api = (path: string) => `${stack.baseUrl}/api/v1/${fitness.uuid}${path}`;
const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = admin.headers) => {
  const response = await fetch(api(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, contentType: response.headers.get('content-type') ?? '' };
};
const prepareBody = (settlementUuid: string, extra: Record<string, unknown> = {}) => ({
  idMandant: fitness.mandantId,
  idStudioGroup: fitness.id,
  studioGroupUuid: fitness.uuid,
  settlementMonth: MONTH,
  settlementUuid,
  ...extra,
});
const prepare = (phase: string, settlementUuid: string, extra: Record<string, unknown> = {}) =>
  call<TSettlementStepResponse>('POST', `/settlement/${fitness.apiSlug}/create/${phase}`, prepareBody(settlementUuid, extra));
const prepareAll = async (settlementUuid: string, trainersSelected?: string[]) => {
  const answers = [];
  answers.push(await prepare('invoice-data', settlementUuid, trainersSelected ? { trainersSelected } : {}));
  answers.push(await prepare('class', settlementUuid));
  answers.push(await prepare('trainer', settlementUuid));
  return answers;
};
const billable = (settlementUuid: string, monthParam = MONTH) =>
  call<TBillableTrainersResponse>('GET', `/settlement/${settlementUuid}/billable-trainers${monthParam ? `?month=${monthParam}` : ''}`);

/** Every line of a settlement's trainers: class hash and amounts, in order. */
async function linesOf(settlementUuid: string) {
  const em = stack.orm.em.fork();
  const lines = await em.find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid } } }, { populate: ['settlementTrainer.trainer'], orderBy: { id: 'asc' } });
  return lines.map((line) => ({
    trainer: line.settlementTrainer.trainer.uuid,
    kind: line.kind,
    classHash: line.classHash,
    net: line.netCents,
    vat: line.vatCents,
    gross: line.grossCents,
  }));
}

const settlementCount = async () => stack.orm.em.fork().count(Settlement, {});

let settlementUuid: string;
let selectable: string[];
let incomplete: string[];

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = (admin.studioGroups as unknown as Array<typeof fitness>)[0]!;
  // Classes arrive only through the class import: import the month first.
  const response = await fetch(api('/demo/import/classes/ondemand'), {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ dateStart: month.toISODate(), dateEnd: MONTH }),
  });
  expect(response.status).toBe(200);
  const statuses: string[] = [];
  for await (const message of readNdjson<{ status: string }>(response)) statuses.push(message.status);
  expect(statuses.at(-1)).toBe('finished_studiogroup');
  settlementUuid = randomUUID();
});
afterAll(async () => {
  await stack?.stop();
});

describe('select trainer (spec 2.4)', () => {
  it('lists the month’s billable trainers, one row per trainer and studio, with completeness and the four counters', async () => {
    const { status, body } = await billable(settlementUuid);
    expect(status).toBe(200);
    ZBillableTrainersResponse.parse(body);
    expect(body.exists).toBe(false);
    expect(body.settlementMonth).toBe(MONTH);
    const trainersOfMonth = new Set(body.rows.map((row) => row.trainer_uuid)).size;
    expect(new Set(body.rows.map((row) => `${row.trainer_uuid}|${row.studio_uuid}`)).size).toBe(body.rows.length);
    // Billable + data not complete = every trainer of the month (none billed yet).
    expect(body.counters.billable + body.counters.dataNotComplete).toBe(trainersOfMonth);
    // The demo group has 3 trainers with incomplete data.
    expect(body.counters.dataNotComplete).toBe(3);
    expect(body.counters.billed).toBe(0);
    expect(body.counters.selected).toBe(0);
    expect(body.locations.map((location) => location.location_name).sort()).toEqual(['Berlin Mitte', 'Hamburg Altona', 'München Schwabing']);
    const incompleteRow = body.rows.find((row) => !row.trainer_data_complete)!;
    expect(incompleteRow.missing.length).toBeGreaterThan(0);
    expect(incompleteRow.selectable).toBe(false);
    expect(body.rows.every((row) => row.workflow_state === 'new')).toBe(true);
    selectable = [...new Set(body.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))];
    incomplete = [...new Set(body.rows.filter((row) => !row.trainer_data_complete).map((row) => row.trainer_uuid))];
    expect(selectable.length).toBe(body.counters.billable);
  });

  it('refuses a month that is not before the current one, in the caller’s language', async () => {
    const { status, body } = await billable(randomUUID(), CURRENT_MONTH);
    expect(status).toBe(400);
    const title = DateTime.now().setZone('Europe/Berlin').setLocale('de').toFormat('LLLL yyyy');
    expect(body).toMatchObject({ status: 'error', message: `Du musst ein Datum vor ${title} auswählen`, field: 'month' });
    const english = await fetch(api(`/settlement/${randomUUID()}/billable-trainers?month=${CURRENT_MONTH}`), { headers: { ...admin.headers, 'x-locale': 'en' } });
    const englishTitle = DateTime.now().setZone('Europe/Berlin').setLocale('en').toFormat('LLLL yyyy');
    expect(((await english.json()) as { message: string }).message).toBe(`You have to select a date before ${englishTitle}`);
    expect((await billable(randomUUID(), '')).status).toBe(400);
  });
});

describe('refusals of the preparation: a clear 4xx and nothing written', () => {
  const refusals: Array<[string, () => Promise<{ status: number; body: unknown }>, number, RegExp]> = [
    ['an empty selection', () => prepare('invoice-data', randomUUID(), { trainersSelected: [] }), 422, /mindestens einen Trainer/],
    ['a trainer with incomplete data', () => prepare('invoice-data', randomUUID(), { trainersSelected: [incomplete[0]] }), 422, /kann nicht abgerechnet werden. Bitte prüfe diese Daten: /],
    ['an unknown trainer', () => prepare('invoice-data', randomUUID(), { trainersSelected: [randomUUID()] }), 404, /nicht gefunden/],
    ['a month not before the current one', () => call('POST', `/settlement/${fitness.apiSlug}/create/invoice-data`, { ...prepareBody(randomUUID()), settlementMonth: CURRENT_MONTH, trainersSelected: [selectable[0]] }), 400, /Du musst ein Datum vor/],
    ['another studio group’s id', () => prepare('invoice-data', randomUUID(), { idStudioGroup: fitness.id + 1, trainersSelected: [selectable[0]] }), 404, /Studiogruppe nicht gefunden/],
    ['a wrong api slug', () => call('POST', `/settlement/not-ours/create/invoice-data`, prepareBody(randomUUID(), { trainersSelected: [selectable[0]] })), 404, /Studiogruppe nicht gefunden/],
    ['the class phase of an unknown settlement', () => prepare('class', randomUUID()), 404, /Abrechnung nicht gefunden/],
  ];

  it.each(refusals)('%s', async (_name, request, expectedStatus, message) => {
    const before = await settlementCount();
    const { status, body } = await request();
    expect(status).toBe(expectedStatus);
    expect((body as { status: string; message: string }).status).toBe('error');
    expect((body as { message: string }).message).toMatch(message);
    expect(await settlementCount()).toBe(before);
  });

  it('refuses a trainer of another studio group (404)', async () => {
    const em = stack.orm.em.fork();
    const yogaTrainer = await em.findOneOrFail(Trainer, { studioGroup: { apiSlug: { $ne: fitness.apiSlug } } });
    const { status } = await prepare('invoice-data', randomUUID(), { trainersSelected: [yogaTrainer.uuid] });
    expect(status).toBe(404);
  });
});

describe('prepare data (spec 2.5, 4: three calls, 33 / 66 / 100 %)', () => {
  let progress: TSettlementProgressEvent[] = [];

  it('stores the selection with "Next" and prepares it in three calls', async () => {
    const socket = await connect(admin);
    expect(await join(socket, `settlement:${settlementUuid}`)).toMatchObject({ ok: false }); // no such settlement yet

    const selection = await call<TSettlementStepResponse>('POST', `/settlement/${settlementUuid}/selection`, { settlementMonth: MONTH, trainersSelected: selectable });
    expect(selection.status).toBe(200);
    ZSettlementStepResponse.parse(selection.body);
    expect(selection.body.state).toMatchObject({ step: 1, maxReachableStep: 1, status: 'in_progress' });
    expect(selection.body.state.selectedTrainerUuids.sort()).toEqual([...selectable].sort());

    expect(await join(socket, `settlement:${settlementUuid}`)).toEqual({ ok: true });
    progress = [];
    socket.on('settlement:progress', (event: TSettlementProgressEvent) => progress.push(event));

    const [invoiceData, classes, trainers] = await prepareAll(settlementUuid);
    expect(invoiceData).toMatchObject({ status: 200, body: { status: 'success', percent: 33, phase: 'invoice-data', message: `Rechnungsdaten für ${selectable.length} Trainer erstellt.` } });
    expect(classes).toMatchObject({ status: 200, body: { status: 'success', percent: 66, phase: 'class' } });
    expect(trainers).toMatchObject({ status: 200, body: { status: 'success', percent: 100, phase: 'trainer' } });
    expect(trainers.body.state.preparation).toMatchObject({ phase: 'done', percent: 100, runs: 1 });
    expect(trainers.body.state.preparation.preparedTrainerUuids.sort()).toEqual([...selectable].sort());

    await waitFor(() => progress.some((event) => event.percent === 100));
    socket.close();
    expect(progress.map((event) => event.phase)).toEqual(expect.arrayContaining(['invoice-data', 'class', 'trainer']));

    const em = stack.orm.em.fork();
    const rows = await em.find(SettlementTrainer, { settlement: { uuid: settlementUuid } });
    expect(rows).toHaveLength(selectable.length);
    expect(rows.every((row) => row.workflowState === 'data_created')).toBe(true);
    const settlement = await em.findOneOrFail(Settlement, { uuid: settlementUuid });
    expect(Array.isArray(settlement.rulesSnapshot)).toBe(true);
    expect((settlement.rulesSnapshot as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers 409 with the open settlement for a second settlement of the month', async () => {
    const before = await settlementCount();
    const { status, body } = await prepare('invoice-data', randomUUID(), { trainersSelected: [selectable[0]] });
    expect(status).toBe(409);
    expect((body as unknown as TSettlementConflictResponse).existingSettlementUuid).toBe(settlementUuid);
    expect(await settlementCount()).toBe(before);
  });

  it('sums every trainer’s lines to the cent and shows Netto, MwSt, Brutto', async () => {
    const { status, body } = await call<TTrainerSummaryRow[]>('GET', `/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`);
    expect(status).toBe(200);
    ZTrainerSummaryResponse.parse(body);
    expect(body).toHaveLength(selectable.length);
    const lines = await linesOf(settlementUuid);
    for (const row of body) {
      const mine = lines.filter((line) => line.trainer === row.trainer_uuid);
      expect(row.net_cents).toBe(mine.reduce((sum, line) => sum + line.net, 0));
      expect(row.vat_cents).toBe(mine.reduce((sum, line) => sum + line.vat, 0));
      expect(row.gross_cents).toBe(mine.reduce((sum, line) => sum + line.gross, 0));
      expect(row.gross_cents).toBe(row.net_cents + row.vat_cents);
      // Euros as numbers, as every amount field (DESIGN "Money in answers"), in both of the spec's wordings.
      expect([row.Netto, row.MwSt, row.Brutto]).toEqual([centsToEuros(row.net_cents), centsToEuros(row.vat_cents), centsToEuros(row.gross_cents)]);
      expect([row.sum_net, row.sum_vat, row.sum_gross]).toEqual([row.Netto, row.MwSt, row.Brutto]);
    }
    // Not VAT liable: 0 % on every line.
    const em = stack.orm.em.fork();
    const exempt = await em.find(Trainer, { uuid: { $in: selectable }, vatLiable: false });
    expect(exempt.length).toBeGreaterThan(0);
    for (const trainer of exempt) expect(body.find((row) => row.trainer_uuid === trainer.uuid)!.vat_cents).toBe(0);
    expect(lines.every((line) => line.kind === 'class')).toBe(true);
  });

  it('refuses a studio group id that is not a positive integer in a path, naming the field, and answers nothing else', async () => {
    for (const path of [
      `/settlement/trainer/summary/${fitness.apiSlug}/0/${MONTH}`,
      `/settlement/trainer/list/${fitness.apiSlug}/-${fitness.id}/${MONTH}`,
      `/settlement/logs/0/${MONTH}/${settlementUuid}`,
      `/settlement/trainer/reviews/-1/${settlementUuid}`,
    ]) {
      const refused = await call<{ status: string; message: string; field?: string }>('GET', path);
      expect(refused.status, path).toBe(400);
      expect(refused.body, path).toMatchObject({ status: 'error', field: 'idStudioGroup' });
    }
  });

  it('lists the trainers and previews one trainer’s lines as an escaped HTML table', async () => {
    const list = await call<TTrainerListItem[]>('GET', `/settlement/trainer/list/${fitness.apiSlug}/${fitness.id}/${MONTH}`);
    expect(list.status).toBe(200);
    expect(list.body.map((item) => item.trainerUuid).sort()).toEqual([...selectable].sort());
    const first = list.body[0]!;

    // A class name from the source system must not become markup.
    const em = stack.orm.em.fork();
    const line = await em.findOneOrFail(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: { uuid: first.trainerUuid } } }, { orderBy: { id: 'asc' } });
    line.className = '<script>alert(1)</script> & Co';
    await em.flush();

    const preview = await call<TTrainerPreviewResponse>('GET', `/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/${first.TrainerID}/${MONTH}`, undefined, { ...admin.headers, accept: 'application/json' });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('<table class="settlement-preview">');
    expect(preview.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(preview.body.html).not.toContain('<script>');
    expect(preview.body.html).toContain('<th>Brutto</th>');

    const html = await fetch(api(`/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/${first.trainerUuid}/${MONTH}`), { headers: { ...admin.headers, accept: 'text/html' } });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toBe(preview.body.html);
    // The spec's client asks for nothing in particular and gets the table markup (spec 7: "HTML table markup").
    const { accept: _accept, ...withoutAccept } = { ...admin.headers, accept: undefined };
    const plain = await fetch(api(`/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/${first.trainerUuid}/${MONTH}`), { headers: withoutAccept as Record<string, string> });
    expect(plain.headers.get('content-type')).toContain('text/html');
    expect(await plain.text()).toBe(preview.body.html);
  });

  it('prepares idempotently: preparing the same trainers again gives the same lines', async () => {
    const before = await linesOf(settlementUuid);
    const answers = await prepareAll(settlementUuid, selectable);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[2]!.body.state.preparation.runs).toBe(2);
    const after = await linesOf(settlementUuid);
    // The escaped-name test renamed one line; the reload restored it from the class.
    expect(after.map(({ trainer, classHash, net, vat, gross }) => ({ trainer, classHash, net, vat, gross }))).toEqual(
      before.map(({ trainer, classHash, net, vat, gross }) => ({ trainer, classHash, net, vat, gross })),
    );
  });

  it('freezes the month: a class imported later changes nothing until the admin reloads', async () => {
    const em = stack.orm.em.fork();
    const trainer = await em.findOneOrFail(Trainer, { uuid: selectable[0] });
    const lines = await em.find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid }, trainer } }, { populate: ['studioClass'], orderBy: { id: 'asc' } });
    const model = lines[0]!.studioClass!;
    const studio = await em.findOneOrFail(Studio, model.studio.id);
    em.create(StudioClass, {
      studioGroup: await em.findOneOrFail(StudioGroup, { uuid: fitness.uuid }),
      studio,
      sourceId: `LATE-${randomUUID()}`,
      startsAt: new Date(model.startsAt.getTime() + 3_600_000 * 5),
      name: model.name,
      category: model.category,
      durationMinutes: model.durationMinutes,
      bookedSlots: model.bookedSlots,
      trainer,
      importedAt: new Date(),
    });
    await em.flush();

    const summary = async () =>
      (await call<TTrainerSummaryRow[]>('GET', `/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}?settlementUuid=${settlementUuid}`)).body.find(
        (row) => row.trainer_uuid === trainer.uuid,
      )!;
    const frozen = await summary();
    expect(frozen.net_cents).toBe(lines.reduce((sum, line) => sum + line.netCents, 0));

    await prepareAll(settlementUuid, selectable);
    const reloaded = await summary();
    expect(reloaded.net_cents).toBe(frozen.net_cents + lines[0]!.netCents);
    expect((await linesOf(settlementUuid)).filter((line) => line.trainer === trainer.uuid)).toHaveLength(lines.length + 1);
  });

  it('writes the settlement log (timestamp, proc, trainer_uuid, status, message)', async () => {
    const { status, body } = await call<TSettlementLogRow[]>('GET', `/settlement/logs/${fitness.id}/${MONTH}/${settlementUuid}`);
    expect(status).toBe(200);
    expect(Object.keys(body[0]!).sort()).toEqual(['message', 'proc', 'status', 'timestamp', 'trainer_uuid']);
    expect(new Set(body.map((row) => row.proc))).toEqual(new Set(['invoice-data', 'class', 'trainer']));
    // Three runs, one "data created" row per trainer each.
    expect(body.filter((row) => row.proc === 'trainer' && row.trainer_uuid === selectable[0])).toHaveLength(3);
    expect(body.map((row) => row.timestamp)).toEqual([...body.map((row) => row.timestamp)].sort());
    expect(body.some((row) => /Daten für \d+ Trainer vorbereitet/.test(row.message))).toBe(true);
    // The demo month has 3 classes without trainer: each reported (once per preparation run).
    const withoutTrainer = body.filter((row) => row.status === 'warning' && row.message.includes('hat keinen Trainer und wird nicht bezahlt'));
    expect(new Set(withoutTrainer.map((row) => row.message)).size).toBe(3);
    expect(withoutTrainer.every((row) => row.trainer_uuid === null && row.proc === 'invoice-data')).toBe(true);
    // ... and the classes no rule matches (category Event), on the trainer they belong to.
    expect(body.some((row) => row.status === 'warning' && row.trainer_uuid && row.message.includes('passt zu keiner Abrechnungsregel'))).toBe(true);
  });
});

describe('admin positions (Administration rows)', () => {
  let position: TAdminPosition;

  it('refuses a missing description, a zero or fractional amount, and a trainer not selected', async () => {
    const path = `/settlement/${settlementUuid}/admin-positions`;
    expect((await call('POST', path, { trainerUuid: selectable[0], kind: 'bonus', description: ' ', netCents: 500 })).status).toBe(400);
    expect((await call('POST', path, { trainerUuid: selectable[0], kind: 'bonus', description: 'Bonus', netCents: 0 })).status).toBe(400);
    expect((await call('POST', path, { trainerUuid: selectable[0], kind: 'bonus', description: 'Bonus', netCents: 10.5 })).status).toBe(400);
    const notSelected = await call<{ message: string }>('POST', path, { trainerUuid: incomplete[0], kind: 'bonus', description: 'Bonus', netCents: 500 });
    expect(notSelected.status).toBe(422);
    expect(notSelected.body.message).toMatch(/nicht ausgewählt/);
    expect((await call('POST', path, { trainerUuid: randomUUID(), kind: 'bonus', description: 'Bonus', netCents: 500 })).status).toBe(404);
  });

  it('adds a position and re-prepares that trainer’s lines; deleting it takes it out again', async () => {
    const before = (await call<TTrainerSummaryRow[]>('GET', `/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`)).body.find((row) => row.trainer_uuid === selectable[0])!;
    const created = await call<TAdminPosition>('POST', `/settlement/${settlementUuid}/admin-positions`, { trainerUuid: selectable[0], kind: 'travel', description: 'Fahrtkosten <Hamburg>', netCents: 2550 });
    expect(created.status).toBe(201);
    position = created.body;
    expect(position).toMatchObject({ trainerUuid: selectable[0], kind: 'travel', description: 'Fahrtkosten <Hamburg>', netCents: 2550 });

    const after = (await call<TTrainerSummaryRow[]>('GET', `/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`)).body.find((row) => row.trainer_uuid === selectable[0])!;
    expect(after.net_cents).toBe(before.net_cents + 2550);
    const adminLines = (await linesOf(settlementUuid)).filter((line) => line.trainer === selectable[0] && line.kind === 'admin');
    expect(adminLines).toHaveLength(1);
    expect(after.gross_cents).toBe(before.gross_cents + adminLines[0]!.gross);

    const preview = await call<TTrainerPreviewResponse>('GET', `/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/${selectable[0]}/${MONTH}`, undefined, { ...admin.headers, accept: 'application/json' });
    expect(preview.body.html).toContain('Administration: Fahrtkosten &lt;Hamburg&gt;');

    const list = await call<TAdminPosition[]>('GET', `/settlement/${settlementUuid}/admin-positions`);
    expect(list.body.map((item) => item.uuid)).toEqual([position.uuid]);

    const removed = await call('DELETE', `/settlement/${settlementUuid}/admin-positions/${position.uuid}`);
    expect(removed.status).toBe(200);
    const back = (await call<TTrainerSummaryRow[]>('GET', `/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`)).body.find((row) => row.trainer_uuid === selectable[0])!;
    expect(back.gross_cents).toBe(before.gross_cents);
    expect((await call('DELETE', `/settlement/${settlementUuid}/admin-positions/${position.uuid}`)).status).toBe(404);
  });

  it('keeps a re-preparation’s admin lines (positions are part of the preparation)', async () => {
    const created = await call<TAdminPosition>('POST', `/settlement/${settlementUuid}/admin-positions`, { trainerUuid: selectable[1], kind: 'deduction', description: 'Schlüsselverlust', netCents: -1000 });
    expect(created.status).toBe(201);
    await prepareAll(settlementUuid, selectable);
    const adminLines = (await linesOf(settlementUuid)).filter((line) => line.kind === 'admin');
    expect(adminLines).toHaveLength(1);
    expect(adminLines[0]).toMatchObject({ trainer: selectable[1], net: -1000 });
  });
});

describe('sums, steps, detail, index', () => {
  it('calculates the sums of all lines and stores them on the settlement', async () => {
    const { status, body } = await call<TCalculateSumResponse>('GET', `/settlement/calculate-sum/${settlementUuid}`);
    expect(status).toBe(200);
    const lines = await linesOf(settlementUuid);
    expect(body).toMatchObject({
      status: 'success',
      // Euros (DESIGN "Money in answers"), exact from the cents of the lines.
      sumNet: centsToEuros(lines.reduce((sum, line) => sum + line.net, 0)),
      sumVat: centsToEuros(lines.reduce((sum, line) => sum + line.vat, 0)),
      sumGross: centsToEuros(lines.reduce((sum, line) => sum + line.gross, 0)),
    });
    const settlement = await stack.orm.em.fork().findOneOrFail(Settlement, { uuid: settlementUuid });
    expect(settlement.sumGrossCents).toBe(eurosToCents(body.sumGross));
  });

  it('sums a month beyond 21,474,836.47 EUR, as a group of 10,000 trainers pays, to the cent', async () => {
    // Two lines raised by 1.5 billion cents each take the month past int4's range; put back afterwards.
    const connection = stack.orm.em.getConnection();
    const raised = (await linesOf(settlementUuid)).slice(0, 2);
    const raise = (delta: number) =>
      connection.execute(
        `update settlement_line set net_cents = net_cents + ?, gross_cents = gross_cents + ?
          where id in (select l.id from settlement_line l join settlement_trainer st on st.id = l.settlement_trainer_id join settlement s on s.id = st.settlement_id
                        where s.uuid = ? order by l.id limit 2)`,
        [delta, delta, settlementUuid],
      );
    await raise(1_500_000_000);
    try {
      const { status, body } = await call<TCalculateSumResponse>('GET', `/settlement/calculate-sum/${settlementUuid}`);
      expect(status).toBe(200);
      const grossCents = (await linesOf(settlementUuid)).reduce((sum, line) => sum + line.gross, 0);
      expect(grossCents).toBeGreaterThan(2 ** 31);
      expect(raised).toHaveLength(2);
      expect(body.sumGross).toBe(centsToEuros(grossCents));
      expect((await stack.orm.em.fork().findOneOrFail(Settlement, { uuid: settlementUuid })).sumGrossCents).toBe(grossCents);
    } finally {
      await raise(-1_500_000_000);
      await call('GET', `/settlement/calculate-sum/${settlementUuid}`);
    }
  });

  it('creates the settlement with trainer review (step 3 of 6) and jumps only to reachable steps', async () => {
    const tooFar = await call<{ message: string }>('POST', `/settlement/${settlementUuid}/step`, { step: 4 });
    expect(tooFar.status).toBe(422);
    const created = await call<TSettlementStepResponse>('POST', '/settlement/create', { ...prepareBody(settlementUuid), apiSlug: fitness.apiSlug, trainerReview: true });
    expect(created.status).toBe(200);
    expect(created.body.state).toMatchObject({ step: 2, trainerReview: true, maxReachableStep: 3 });
    expect((await call<TSettlementStepResponse>('POST', `/settlement/${settlementUuid}/step`, { step: 3 })).body.state.step).toBe(3);
    const refused = await call<{ message: string }>('POST', `/settlement/${settlementUuid}/step`, { step: 5 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Schritt 6 kann noch nicht geöffnet werden.');
    expect((await call('POST', `/settlement/${settlementUuid}/step`, { step: 9 })).status).toBe(400);
    expect((await call<TSettlementStepResponse>('POST', `/settlement/${settlementUuid}/step`, { step: 0 })).body.state.step).toBe(0);
  });

  it('answers the settlement: record from PostgreSQL and the workflow’s state', async () => {
    const { status, body } = await call<TSettlementDetail>('GET', `/settlement/${settlementUuid}`);
    expect(status).toBe(200);
    ZSettlementDetail.parse(body);
    expect(body).toMatchObject({ settlementUuid, month: MONTH, status: 'in_progress', trainerReview: true, step: 0, createdBy: { name: 'Anna Admin' } });
    expect(body.workflow?.preparation.phase).toBe('done');
    expect(body.trainers).toHaveLength(selectable.length);
    expect(body.sumGross).not.toBeNull();
  });

  it('lists settlements newest month first, with the spec’s fields', async () => {
    const { status, body } = await call<TSettlementIndexItem[]>('GET', '/settlements');
    expect(status).toBe(200);
    ZSettlementIndexResponse.parse(body);
    expect(body[0]).toMatchObject({ settlementUuid, month: MONTH, completed: false, archived: false, user_created: 'Anna Admin', trainers_billable: selectable.length });
  });

  it('keeps other studio groups out', async () => {
    const headers = yogaAdmin.headers;
    expect((await call('GET', `/settlement/${settlementUuid}`, undefined, headers)).status).toBe(404);
    const yoga = yogaAdmin.studioGroups[0]!.uuid;
    const foreign = await fetch(`${stack.baseUrl}/api/v1/${yoga}/settlement/${settlementUuid}`, { headers });
    expect(foreign.status).toBe(404);
    const socket = await connect(yogaAdmin);
    expect(await join(socket, `settlement:${settlementUuid}`)).toMatchObject({ ok: false });
    socket.close();
  });
});

describe('locked trainers, delete, finish (spec 2.12, 4)', () => {
  it('refuses to select a trainer whose credit note is sent, and refuses delete once one is sent', async () => {
    const em = stack.orm.em.fork();
    const row = await em.findOneOrFail(SettlementTrainer, { settlement: { uuid: settlementUuid }, trainer: { uuid: selectable[2] } });
    row.workflowState = 'credit_note_send';
    await em.flush();

    const refused = await prepare('invoice-data', settlementUuid, { trainersSelected: selectable });
    expect(refused.status).toBe(422);
    const rows = (await billable(settlementUuid)).body.rows.filter((item) => item.trainer_uuid === selectable[2]);
    expect(rows.every((item) => item.billed && !item.selectable && item.workflow_state === 'credit_note_send')).toBe(true);
    expect((await billable(settlementUuid)).body.counters.billed).toBe(1);

    // The preparation reports the sent credit note to the workflow, which then refuses to delete.
    const rest = selectable.filter((uuid) => uuid !== selectable[2]);
    expect((await prepare('invoice-data', settlementUuid, { trainersSelected: rest })).status).toBe(200);
    await prepare('trainer', settlementUuid);
    const deleted = await call<{ message: string }>('POST', `/settlement/${settlementUuid}/command`, { action: 'delete_settlement' });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toMatch(/nicht gelöscht werden/);
    expect((await em.fork().findOneOrFail(Settlement, { uuid: settlementUuid })).status).toBe('in_progress');
  });

  it('finishes the settlement: recorded, the workflow completes, nothing more can be changed', async () => {
    const finished = await call<TSettlementCommandResponse>('POST', `/settlement/${settlementUuid}/command`, { action: 'finish_settlement', settlementMonth: MONTH });
    expect(finished).toMatchObject({ status: 200, body: { status: 'success', settlementStatus: 'completed', message: 'Abrechnung abgeschlossen.' } });
    const result = await stack.temporal.workflow.getHandle(`settlement-${settlementUuid}`).result();
    expect(result).toEqual({ settlementUuid, status: 'completed' });
    const settlement = await stack.orm.em.fork().findOneOrFail(Settlement, { uuid: settlementUuid });
    expect(settlement.status).toBe('completed');
    expect(settlement.completedAt).toBeInstanceOf(Date);

    const again = await call<{ message: string }>('POST', `/settlement/${settlementUuid}/command`, { action: 'archive_settlement' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Diese Abrechnung ist abgeschlossen und kann nicht mehr geändert werden.');
    expect((await prepare('invoice-data', settlementUuid, { trainersSelected: [selectable[0]] })).status).toBe(409);

    const detail = await call<TSettlementDetail>('GET', `/settlement/${settlementUuid}`);
    expect(detail.body).toMatchObject({ status: 'completed', step: 5 });
    const index = await call<TSettlementIndexItem[]>('GET', '/settlements');
    expect(index.body[0]).toMatchObject({ settlementUuid, completed: true, status: 'completed' });
  });

  it('shows ops the workflow with its history and the Temporal UI link', async () => {
    const { status, body } = await call<TSettlementWorkflowInfo>('GET', `/settlement/${settlementUuid}/workflow`);
    expect(status).toBe(200);
    ZSettlementWorkflowInfo.parse(body);
    expect(body).toMatchObject({ workflowId: `settlement-${settlementUuid}`, status: 'COMPLETED' });
    expect(body.closeTime).not.toBeNull();
    expect(body.temporalUiUrl).toContain(`/workflows/settlement-${settlementUuid}/`);
    expect(body.events[0]).toMatchObject({ id: 1, type: 'WorkflowExecutionStarted', details: 'settlementWorkflow' });
    expect(body.events.filter((event) => event.type === 'ActivityTaskScheduled').map((event) => event.details)).toEqual(
      expect.arrayContaining(['freezeSettlementInvoiceData', 'prepareTrainerLines', 'markTrainersPrepared', 'recordSettlementStatus']),
    );
    expect(body.events.some((event) => event.type === 'WorkflowExecutionUpdateAccepted' && event.details === 'startPreparation')).toBe(true);
  });

  it('a new settlement of the month may start once the other is finished; delete marks it deleted and hides it', async () => {
    const second = randomUUID();
    const answers = await prepareAll(second, [selectable[0]!]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const deleted = await call<TSettlementCommandResponse>('POST', `/settlement/${second}/command`, { action: 'delete_settlement' });
    expect(deleted.body).toMatchObject({ status: 'success', settlementStatus: 'deleted' });
    expect((await stack.orm.em.fork().findOneOrFail(Settlement, { uuid: second })).status).toBe('deleted');
    expect((await call('GET', `/settlement/${second}`)).status).toBe(404);
    expect((await call<TSettlementIndexItem[]>('GET', '/settlements')).body.map((item) => item.settlementUuid)).not.toContain(second);
  });
});

describe('a client written from the spec’s tables alone (spec 7 "Settlement wizard v2")', () => {
  let specSettlement: string;
  let prepared: TTrainerSummaryRow[];

  it('prepares a month with the spec’s payload (no trainersSelected): every trainer who can be billed now', async () => {
    specSettlement = randomUUID();
    const expected = [...new Set((await billable(specSettlement)).body.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))].sort();
    expect(expected.length).toBeGreaterThan(0);
    // Exactly the spec's fields: idMandant, idStudioGroup, studioGroupUuid, settlementMonth, settlementUuid.
    const body = { idMandant: fitness.mandantId, idStudioGroup: fitness.id, studioGroupUuid: fitness.uuid, settlementMonth: MONTH, settlementUuid: specSettlement };
    const answers = [];
    for (const phase of ['invoice-data', 'class', 'trainer']) answers.push(await call<{ status: string; message: string }>('POST', `/settlement/${fitness.apiSlug}/create/${phase}`, body));
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual([
      [200, 'success'],
      [200, 'success'],
      [200, 'success'],
    ]);
    expect(answers[0]!.body.message).toBe(`Rechnungsdaten für ${expected.length} Trainer erstellt.`);

    // The summary by the spec's path (the month's open settlement): Trainer, Netto, MwSt, Brutto.
    const summary = await call<TTrainerSummaryRow[]>('GET', `/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/${MONTH}`);
    expect(summary.status).toBe(200);
    prepared = summary.body;
    expect(prepared.map((row) => row.trainer_uuid).sort()).toEqual(expected);
    for (const row of prepared) expect(row).toEqual(expect.objectContaining({ Trainer: expect.any(String), Netto: expect.any(Number), MwSt: expect.any(Number), Brutto: expect.any(Number) }));
    const list = await call<TTrainerListItem[]>('GET', `/settlement/trainer/list/${fitness.apiSlug}/${fitness.id}/${MONTH}`);
    expect(list.body.map((item) => item.trainerUuid).sort()).toEqual(expected);
  });

  it('previews a trainer per club: GET /settlement/trainer-preview/{apiSlug}/{settlementMonth}/{trainerUuid}', async () => {
    const trainer = prepared[0]!;
    const em = stack.orm.em.fork();
    const lines = await em.find(SettlementLine, { settlementTrainer: { settlement: { uuid: specSettlement }, trainer: { uuid: trainer.trainer_uuid } } }, { populate: ['studio'] });
    const clubIds = [...new Set(lines.map((line) => line.studio?.sourceId ?? 'admin'))].sort();
    // A name from the source system must not become markup.
    lines[0]!.className = '<b onmouseover="x">Yoga</b>';
    await em.flush();

    const { status, body } = await call<TTrainerClubPreview[]>('GET', `/settlement/trainer-preview/${fitness.apiSlug}/${MONTH}/${trainer.trainer_uuid}`);
    expect(status).toBe(200);
    expect(body.map((club) => club.ClubID).sort()).toEqual(clubIds);
    for (const club of body) expect(club.html).toMatch(/^<table class="settlement-preview">.*<\/table>$/);
    const all = body.map((club) => club.html).join('');
    expect(all).toContain('&lt;b onmouseover=&quot;x&quot;&gt;Yoga&lt;/b&gt;');
    expect(all).not.toContain('<b ');
    // Every line once, across the clubs.
    expect(all.match(/<tr class="settlement-preview-/g)).toHaveLength(lines.length);

    // The POST of the preview check and the approved list share the prefix: still theirs.
    expect((await call('GET', `/settlement/trainer-preview/${specSettlement}/approved`)).status).toBe(200);
  });

  it('answers 404 for another studio group (path or trainer) and a settlement-less month, 400 for a bad uuid', async () => {
    const trainer = prepared[0]!;
    const path = `/settlement/trainer-preview/${fitness.apiSlug}/${MONTH}/${trainer.trainer_uuid}`;
    const yoga = yogaAdmin.studioGroups[0]!.uuid;
    expect((await fetch(`${stack.baseUrl}/api/v1/${yoga}${path}`, { headers: admin.headers })).status).toBe(404);
    expect((await call('GET', path, undefined, yogaAdmin.headers)).status).toBe(404);
    const yogaTrainer = await stack.orm.em.fork().findOneOrFail(Trainer, { studioGroup: { apiSlug: { $ne: fitness.apiSlug } } });
    const foreign = await call<{ status: string; message: string }>('GET', `/settlement/trainer-preview/${fitness.apiSlug}/${MONTH}/${yogaTrainer.uuid}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.status).toBe('error');
    expect((await call('GET', `/settlement/trainer-preview/not-ours/${MONTH}/${trainer.trainer_uuid}`)).status).toBe(404);
    expect((await call('GET', `/settlement/trainer-preview/${fitness.apiSlug}/${CURRENT_MONTH}/${trainer.trainer_uuid}`)).status).toBe(404);
    const bad = await call<{ field?: string }>('GET', `/settlement/trainer-preview/${fitness.apiSlug}/${MONTH}/not-a-uuid`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('trainerUuid');
  });

  it('answers bad path values with a 4xx {status, message, field}, never a 500', async () => {
    const trainer = prepared[0]!;
    const cases: Array<[string, number]> = [
      [`/settlement/trainer/summary/${fitness.apiSlug}/${fitness.id}/0000-01`, 400],
      [`/settlement/trainer/summary/${fitness.apiSlug}/99999999999/${MONTH}`, 404],
      [`/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/99999999999/${MONTH}`, 404],
      [`/trainer-invoice/preview/${fitness.apiSlug}/${fitness.id}/not-a-trainer/${MONTH}`, 404],
      [`/settlement/trainer-preview/${fitness.apiSlug}/0000-12/${trainer.trainer_uuid}`, 400],
      [`/settlement/logs/${fitness.id}/2026-13/${specSettlement}`, 400],
    ];
    for (const [path, expected] of cases) {
      const { status, body } = await call<{ status: string; message: string }>('GET', path);
      expect([path, status]).toEqual([path, expected]);
      expect(body.status).toBe('error');
      expect(body.message).toEqual(expect.any(String));
    }
    const form = new URLSearchParams({ trainerId: 'not-a-trainer', settlementUuid: specSettlement });
    const review = await fetch(api('/settlement/trainer/review'), { method: 'POST', headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(review.status).toBe(404);
    await call('POST', `/settlement/${specSettlement}/command`, { action: 'delete_settlement' });
  });
});

// --- helpers -----------------------------------------------------------------------------------

function connect(login: { userUuid: string; apiKey: string }) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(stack.baseUrl, { auth: { user: login.userUuid, apiKey: login.apiKey }, transports: ['websocket'] });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function join(socket: Socket, room: string) {
  return new Promise<{ ok: boolean }>((resolve) => socket.emit('join', room, resolve));
}

async function waitFor(predicate: () => boolean, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
