import { centsToEuros } from '../../domain/money';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { io, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_LOCATION_UUID,
  OVERALL_FEEDBACK,
  ZCommentsResponse,
  ZCreditNotePreview,
  ZTrainerCreditNotesResponse,
  ZTrainerSettlement,
  type TApprovalEntry,
  type TCommentsResponse,
  type TCreditNotePreview,
  type TSettlementCommentEvent,
  type TTrainerCreditNotesResponse,
} from '../../contracts/review.contract';
import { Approval, Comment, Settlement, SettlementLine, SettlementTrainer, Studio, Trainer, User } from '../../db/entities';
import { trainerSnapshot } from '../../domain/trainer-data';
import type { TSettlementDetail } from '../../contracts/settlement.contract';
import { approvalSignals as approvalSignalsOf, useReviewFixture, type Login, type ReviewFixture } from '../support/review-fixture';

// The review core against the real API, PostgreSQL, Temporal and worker: the credit-note preview of
// both sides (rows, threads, approvals, sums = lines), comments (cleaned, newest first, live event,
// locked after the company approved), the approval toggles (recorded by the api, many at once), the
// trainer's settlement and credit-note list, every refusal (404 for anything not one's own), and the
// account data reaching the trainer records and the snapshots of open months only.

let { stack, admin, yogaAdmin, trainer, otherTrainer, fitness, yogaUuid, demoTrainer, secondTrainer, settlementUuid, MONTH } = {} as ReviewFixture;
const { request, v1 } = useReviewFixture(async (fixture) => {
  ({ stack, admin, yogaAdmin, trainer, otherTrainer, fitness, yogaUuid, demoTrainer, secondTrainer, settlementUuid, MONTH } = fixture);
  await fixture.sendPreviews([demoTrainer.uuid, secondTrainer.uuid]);
  await makeSettlement(otherSettlementUuid, 3, 'preview_send');
  await makeSettlement(unsentSettlementUuid, 4, 'data_created');
});
/** A month settled for the demo trainer only (made directly), open: no approval, no credit note. */
const otherSettlementUuid = randomUUID();
/** A month the demo trainer is in but was not sent a preview of. */
const unsentSettlementUuid = randomUUID();



const previewPath = (settlement = settlementUuid, as: Login = trainer, group = fitness.uuid) => `/v2/${group}/trainer-account/${as.userUuid}/credit-note-preview/${settlement}`;

const em = () => stack.orm.em.fork();
const linesOf = (trainerId: number, settlement = settlementUuid) =>
  em().find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlement }, trainer: trainerId } }, { populate: ['studio'], orderBy: { id: 'asc' } });
const settlementTrainerOf = (trainerId: number, settlement = settlementUuid) => em().findOneOrFail(SettlementTrainer, { settlement: { uuid: settlement }, trainer: trainerId });

/** The company approval through the preview check (an update of the settlement workflow). */
async function approveByCompany(record: Trainer, approved: boolean) {
  const answer = await request<TApprovalEntry[]>('POST', v1(`/settlement/trainer-preview/approve_by_company/${record.uuid}`), { body: { settlementUuid, approved } });
  expect(answer.status).toBe(200);
}

/** A settlement of another month made directly: the demo trainer with one class line. */
async function makeSettlement(uuid: string, monthsBack: number, workflowState: 'preview_send' | 'data_created') {
  const fork = em();
  const creator = await fork.findOneOrFail(User, { uuid: admin.userUuid });
  const studio = await fork.findOneOrFail(Studio, { studioGroup: fitness.id }, { orderBy: { id: 'asc' } });
  const record = await fork.findOneOrFail(Trainer, demoTrainer.id);
  const lastDay = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: monthsBack }).endOf('month');
  const settlement = fork.create(Settlement, { uuid, studioGroup: fitness.id, month: lastDay.toISODate()!, version: 'v2', trainerReview: true, createdBy: creator, status: 'in_progress' });
  const settlementTrainer = fork.create(SettlementTrainer, {
    settlement,
    trainer: record,
    workflowState,
    sumNetCents: 3000,
    sumVatCents: 570,
    sumGrossCents: 3570,
    trainerSnapshot: trainerSnapshot(record),
    preparedAt: new Date(),
  });
  fork.create(SettlementLine, {
    settlementTrainer,
    kind: 'class',
    studio,
    classHash: `hash-${uuid.slice(0, 8)}`,
    classStartsAt: lastDay.startOf('day').set({ hour: 18 }).toJSDate(),
    className: 'Cycling',
    durationMinutes: 60,
    bookedSlots: 12,
    netCents: 3000,
    vatRateBasisPoints: 1900,
    vatCents: 570,
    grossCents: 3570,
  });
  await fork.flush();
}

function connect(login: Login) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(stack.baseUrl, { auth: { user: login.userUuid, apiKey: login.apiKey }, transports: ['websocket'] });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const join = (socket: Socket, room: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit('join', room, resolve));
async function waitFor(predicate: () => boolean, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the credit-note preview (admin 2.10, trainer portal 2)', () => {
  it('answers the trainer the rows of the lines, admin rows last as Admin, and footer sums = lines', async () => {
    const { status, body } = await request<TCreditNotePreview>('GET', previewPath(), { as: trainer });
    expect(status).toBe(200);
    ZCreditNotePreview.parse(body);
    const lines = await linesOf(demoTrainer.id);
    expect(body.credit_note_rows).toHaveLength(lines.length);
    expect(body.credit_note_footer).toEqual({
      sum_net: centsToEuros(lines.reduce((sum, line) => sum + line.netCents, 0)),
      sum_vat: centsToEuros(lines.reduce((sum, line) => sum + line.vatCents, 0)),
      sum_gross: centsToEuros(lines.reduce((sum, line) => sum + line.grossCents, 0)),
      studio_group_name: expect.any(String),
    });
    const settlementTrainer = await settlementTrainerOf(demoTrainer.id);
    expect(body.credit_note_footer.sum_gross).toBe(centsToEuros(settlementTrainer.sumGrossCents!));
    const adminRow = body.credit_note_rows.at(-1)!;
    expect(adminRow).toMatchObject({ studio_name: 'Admin', studio_uuid: ADMIN_LOCATION_UUID, class_datetime: null, value_net: 50 });
    expect(adminRow.class_name).toContain('Sommerfest');
    const classRows = body.credit_note_rows.filter((row) => row.studio_uuid !== ADMIN_LOCATION_UUID);
    const order = classRows.map((row) => `${row.studio_name}|${row.class_datetime}`);
    expect(order).toEqual([...order].sort());
    expect(body).toMatchObject({
      settlementUuid,
      settlementMonth: MONTH,
      trainerUuid: demoTrainer.uuid,
      workflow_state: 'preview_send',
      locked: false,
      pdfCreated: false,
      credit_note_info: { approved_by_company: 'false', approved_by_trainer: 'false', approved_by_location: 'false' },
      overall_feedback: { comments: [] },
    });
  });

  it('answers the admin the same preview for the group’s trainer record', async () => {
    const trainerView = await request<TCreditNotePreview>('GET', previewPath(), { as: trainer });
    const { status, body } = await request<TCreditNotePreview>('POST', v1(`/settlement/trainer-preview/${demoTrainer.uuid}`), {
      body: { settlementUuid, settlementMonth: MONTH, apiSlug: fitness.apiSlug },
    });
    expect(status).toBe(200);
    expect(body.credit_note_rows).toEqual(trainerView.body.credit_note_rows);
    expect(body.credit_note_footer).toEqual(trainerView.body.credit_note_footer);
  });

  it('refuses staff of another group (404) and a trainer of another group’s path', async () => {
    const foreign = await request('POST', v1(`/settlement/trainer-preview/${demoTrainer.uuid}`), { as: yogaAdmin, body: { settlementUuid } });
    expect(foreign.status).toBe(404);
    const ownGroup = await request('POST', v1(`/settlement/trainer-preview/${demoTrainer.uuid}`, yogaUuid), { as: yogaAdmin, body: { settlementUuid } });
    expect(ownGroup.status).toBe(404);
    const comment = await request('POST', v1(`/settlement/trainer-preview/comment/${demoTrainer.uuid}`, yogaUuid), {
      as: yogaAdmin,
      body: { settlementUuid, comment: 'Hallo', classHash: OVERALL_FEEDBACK },
    });
    expect(comment.status).toBe(404);
  });

  it('shows nothing of another trainer’s settlement or one not sent yet (404)', async () => {
    // The second trainer is not in the other month; the demo trainer was not sent the unsent one.
    expect((await request('GET', previewPath(otherSettlementUuid, otherTrainer), { as: otherTrainer })).status).toBe(404);
    expect((await request('GET', previewPath(unsentSettlementUuid), { as: trainer })).status).toBe(404);
    expect((await request('GET', `/v2/settlements/${otherSettlementUuid}`, { as: otherTrainer })).status).toBe(404);
    expect((await request('GET', `/v2/settlements/${unsentSettlementUuid}`, { as: trainer })).status).toBe(404);
    // Someone else's user in the path: refused by the own-user guard.
    expect((await request('GET', previewPath(settlementUuid, trainer), { as: otherTrainer })).status).toBe(403);
    // Staff have no trainer calls.
    expect((await request('GET', previewPath(), { as: admin })).status).toBe(403);
  });

  it('answers the trainer’s settlement (v2)', async () => {
    const { status, body } = await request('GET', `/v2/settlements/${settlementUuid}`, { as: trainer });
    expect(status).toBe(200);
    expect(ZTrainerSettlement.parse(body)).toMatchObject({ settlementUuid, studioGroupUuid: fitness.uuid, settlementMonth: MONTH, pdfCreated: false, companyApproved: false });
  });
});

describe('comments (both sides)', () => {
  it('adds the trainer’s comments cleaned, newest first, and the admin’s answer live to the trainer', async () => {
    const lines = await linesOf(demoTrainer.id);
    const classLine = lines.find((line) => line.kind === 'class')!;
    const socket = await connect(trainer);
    const events: TSettlementCommentEvent[] = [];
    socket.on('settlement:comment', (event: TSettlementCommentEvent) => events.push(event));
    try {
      const first = await request<TCommentsResponse>('POST', `${previewPath()}/add-comment`, {
        as: trainer,
        body: { comment: '  <b>Kurs {fehlt}</b> ', classHash: classLine.classHash, className: 'egal', classDateTime: '', mood: 'sad' },
      });
      expect(first.status).toBe(200);
      ZCommentsResponse.parse(first.body);
      expect(first.body.comments).toHaveLength(1);
      expect(first.body.comments[0]).toMatchObject({ comment: 'bKurs fehlt/b', role: 'ROLE_TRAINER', mood: 'sad' });

      const answer = await request<TCommentsResponse>('POST', v1(`/settlement/trainer-preview/comment/${demoTrainer.uuid}`), {
        body: { settlementUuid, comment: 'Wir prüfen das.', classHash: classLine.classHash, className: classLine.className, classDateTime: '', mood: '' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.comments.map((comment) => comment.comment)).toEqual(['Wir prüfen das.', 'bKurs fehlt/b']);
      expect(answer.body.comments[0]).toMatchObject({ role: 'ROLE_ADMIN', name: 'Anna Admin', mood: '' });
      await waitFor(() => events.length >= 2);
      expect(events.at(-1)).toMatchObject({ settlementUuid, trainerUuid: demoTrainer.uuid, classHash: classLine.classHash, comment: { comment: 'Wir prüfen das.' } });
    } finally {
      socket.close();
    }

    const preview = await request<TCreditNotePreview>('GET', previewPath(), { as: trainer });
    const row = preview.body.credit_note_rows.find((candidate) => candidate.class_hash === classLine.classHash)!;
    expect(row.comment.comments.map((comment) => comment.comment)).toEqual(['Wir prüfen das.', 'bKurs fehlt/b']);
  });

  it('reaches the admin’s settlement room', async () => {
    const socket = await connect(admin);
    const events: TSettlementCommentEvent[] = [];
    socket.on('settlement:comment', (event: TSettlementCommentEvent) => events.push(event));
    try {
      expect(await join(socket, `settlement:${settlementUuid}`)).toEqual({ ok: true });
      const added = await request<TCommentsResponse>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Insgesamt gut', classHash: OVERALL_FEEDBACK } });
      expect(added.status).toBe(200);
      await waitFor(() => events.length >= 1);
      expect(events[0]).toMatchObject({ settlementUuid, classHash: OVERALL_FEEDBACK, comment: { comment: 'Insgesamt gut', role: 'ROLE_TRAINER' } });
    } finally {
      socket.close();
    }
    const preview = await request<TCreditNotePreview>('GET', previewPath(), { as: trainer });
    expect(preview.body.overall_feedback.comments[0]).toMatchObject({ comment: 'Insgesamt gut' });
  });

  it('refuses an empty comment (only < > { } and blanks) with the message, and writes nothing', async () => {
    const before = await em().count(Comment, {});
    const { status, body } = await request<{ status: string; message: string; field?: string }>('POST', `${previewPath()}/add-comment`, {
      as: trainer,
      body: { comment: '<>{}  ', classHash: OVERALL_FEEDBACK },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 'error', field: 'comment' });
    expect(body.message).toContain('Please enter a comment.');
    const german = await request<{ message: string }>('POST', `${previewPath()}/add-comment`, { as: trainer, locale: 'de', body: { comment: '{}', classHash: OVERALL_FEEDBACK } });
    expect(german.body.message).toContain('Bitte gib einen Kommentar ein.');
    expect(await em().count(Comment, {})).toBe(before);
  });

  it('refuses a class hash that is not one of the trainer’s lines (400)', async () => {
    const otherLines = await linesOf(secondTrainer.id);
    const { status, body } = await request<{ field?: string }>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Hallo', classHash: otherLines[0]!.classHash } });
    expect(status).toBe(400);
    expect(body.field).toBe('classHash');
  });

  it('refuses a comment on another trainer’s settlement (404) and writes nothing', async () => {
    const before = await em().count(Comment, {});
    const { status } = await request('POST', `${previewPath(otherSettlementUuid, otherTrainer)}/add-comment`, { as: otherTrainer, body: { comment: 'Hallo', classHash: OVERALL_FEEDBACK } });
    expect(status).toBe(404);
    expect(await em().count(Comment, {})).toBe(before);
  });

  it('saves the comment of a trainer whose first and last name take 200 characters each, the author name cut to its column', async () => {
    const user = await em().findOneOrFail(User, { uuid: trainer.userUuid });
    const saved = { firstname: user.firstname, lastname: user.lastname };
    await em().nativeUpdate(User, { id: user.id }, { firstname: 'F'.repeat(200), lastname: 'L'.repeat(200) });
    try {
      const { status, body } = await request<TCommentsResponse>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Langer Name', classHash: OVERALL_FEEDBACK } });
      expect(status).toBe(200);
      const [newest] = body.comments;
      expect(newest).toMatchObject({ comment: 'Langer Name', role: 'ROLE_TRAINER' });
      expect(newest!.name).toBe(`${'F'.repeat(200)} ${'L'.repeat(53)}…`);
    } finally {
      await em().nativeUpdate(User, { id: user.id }, saved);
    }
  });
});

describe('trainer_credit_notes (trainer portal 2, 7)', () => {
  it('lists only the caller’s settlements with a preview sent, newest first, paginated', async () => {
    const { status, body } = await request<TTrainerCreditNotesResponse>('GET', `/v2/trainer_credit_notes?workflowState=preview_send&order%5BcreatedDt%5D=desc&itemsPerPage=10&trainerUuid=${trainer.userUuid}`, { as: trainer });
    expect(status).toBe(200);
    ZTrainerCreditNotesResponse.parse(body);
    expect(body['hydra:member'].map((item) => item.settlementUuid).sort()).toEqual([settlementUuid, otherSettlementUuid].sort());
    expect(body['hydra:totalItems']).toBe(2);
    const dates = body['hydra:member'].map((item) => item.createdDt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body['hydra:member'].find((item) => item.settlementUuid === settlementUuid)).toMatchObject({
      studioGroup: { uuid: fitness.uuid },
      month: MONTH.slice(0, 7),
      workflowState: 'preview_send',
    });

    const paged = await request<TTrainerCreditNotesResponse>('GET', '/v2/trainer_credit_notes?itemsPerPage=1&page=2', { as: trainer });
    expect(paged.body['hydra:member']).toHaveLength(1);
    expect(paged.body['hydra:totalItems']).toBe(2);

    const other = await request<TTrainerCreditNotesResponse>('GET', '/v2/trainer_credit_notes', { as: otherTrainer });
    expect(other.body['hydra:member'].map((item) => item.settlementUuid)).toEqual([settlementUuid]);
    const otherGroup = await request<TTrainerCreditNotesResponse>('GET', `/v2/trainer_credit_notes?studioGroupUuid=${yogaUuid}`, { as: trainer });
    expect(otherGroup.body).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0 });
  });

  it('refuses another trainer’s uuid (403)', async () => {
    expect((await request('GET', `/v2/trainer_credit_notes?trainerUuid=${otherTrainer.userUuid}`, { as: trainer })).status).toBe(403);
    expect((await request('GET', `/v2/trainer_credit_notes?trainerUuid[]=${trainer.userUuid}&trainerUuid[]=${otherTrainer.userUuid}`, { as: trainer })).status).toBe(403);
  });
});

// Updates to the settlement workflow: they need the lead's `approve` handler (workflows/settlement.workflow.ts).
const approvalSignals = () => approvalSignalsOf(stack, settlementUuid);

describe('approvals (updates to the settlement workflow)', () => {
  it('approves by location: a studio of the trainer’s lines, else 400', async () => {
    const lines = await linesOf(demoTrainer.id);
    const studioUuid = lines.find((line) => line.studio)!.studio!.uuid;
    const refused = await request('POST', v1(`/settlement/trainer-preview/approve_by_location/${demoTrainer.uuid}`), { body: { settlementUuid, approved: true, locationUuid: randomUUID() } });
    expect(refused.status).toBe(400);
    const { status, body } = await request<{ status: string; approved_by_location: Record<string, TApprovalEntry[]> }>(
      'POST',
      v1(`/settlement/trainer-preview/approve_by_location/${demoTrainer.uuid}`),
      { body: { settlementUuid, approved: true, locationUuid: studioUuid } },
    );
    expect(status).toBe(200);
    expect(body.approved_by_location[studioUuid]?.[0]).toMatchObject({ approved: true, user: 'Anna Admin' });
  });

  it('the trainer approves their preview and gets the list, newest first', async () => {
    const signals = await approvalSignals();
    const { status, body } = await request<TApprovalEntry[]>('POST', `${previewPath()}/approve`, { as: trainer, body: { settlementUuid, userUuid: trainer.userUuid, approved: true } });
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ approved: true });
    const preview = await request<TCreditNotePreview>('GET', previewPath(), { as: trainer });
    expect(preview.body.credit_note_info.approved_by_trainer).not.toBe('false');
    // Recorded, not signalled: the trainer's own toggle decides nothing in the settlement workflow.
    expect(await approvalSignals()).toBe(signals);
    // Another trainer cannot approve a settlement they are not in.
    expect((await request('POST', `${previewPath(otherSettlementUuid, otherTrainer)}/approve`, { as: otherTrainer, body: { approved: true } })).status).toBe(404);
  });

  it('the company approves; staff of another group cannot', async () => {
    const signals = await approvalSignals();
    expect((await request('POST', v1(`/settlement/trainer-preview/approve_by_company/${demoTrainer.uuid}`, yogaUuid), { as: yogaAdmin, body: { settlementUuid, approved: true } })).status).toBe(404);
    const { status, body } = await request<TApprovalEntry[]>('POST', v1(`/settlement/trainer-preview/approve_by_company/${secondTrainer.uuid}`), { body: { settlementUuid, approved: true } });
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ approved: true, user: 'Anna Admin' });
    // The company's approval opens the credit-note step: the workflow is told.
    expect(await approvalSignals()).toBe(signals + 1);
  });
});

describe('approval toggles at once (recorded by the api, signalled to the settlement workflow)', () => {
  it('ten identical toggles of one trainer at once append one row each way; the workflow learns the current values', async () => {
    const rowsOf = async () => em().count(Approval, { settlementTrainer: (await settlementTrainerOf(secondTrainer.id)).id, kind: 'company' });
    const before = await rowsOf();
    const toggle = (approved: boolean) =>
      Promise.all(Array.from({ length: 10 }, () => request<TApprovalEntry[]>('POST', v1(`/settlement/trainer-preview/approve_by_company/${secondTrainer.uuid}`), { body: { settlementUuid, approved } })));
    const revoked = await toggle(false);
    expect(revoked.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(revoked.every((answer) => answer.body[0]?.approved === false)).toBe(true);
    const approved = await toggle(true);
    expect(approved.every((answer) => answer.body[0]?.approved === true)).toBe(true);
    expect(await rowsOf()).toBe(before + 2);

    const detail = await request<TSettlementDetail>('GET', v1(`/settlement/${settlementUuid}`));
    expect(detail.body.workflow?.approvals).toMatchObject({ [secondTrainer.uuid]: { company: true, trainer: false }, [demoTrainer.uuid]: { company: false, trainer: true } });
    // The company's approval opens the credit notes.
    expect(detail.body.workflow?.maxReachableStep).toBeGreaterThanOrEqual(4);
  });
});

describe('locks and account data', () => {
  beforeAll(async () => {
    await approveByCompany(demoTrainer, true);
  });

  it('refuses a comment and the trainer’s approval after the company approved (409), and writes nothing', async () => {
    const before = await em().count(Comment, {});
    const { status, body } = await request<{ message: string }>('POST', `${previewPath()}/add-comment`, { as: trainer, body: { comment: 'Noch was', classHash: OVERALL_FEEDBACK } });
    expect(status).toBe(409);
    expect(body.message).toBe('This preview has been approved already and cannot be edited anymore.');
    expect(await em().count(Comment, {})).toBe(before);
    const approve = await request('POST', `${previewPath()}/approve`, { as: trainer, body: { approved: false } });
    expect(approve.status).toBe(409);
    const preview = await request<TCreditNotePreview>('GET', previewPath(), { as: trainer });
    expect(preview.body).toMatchObject({ locked: true, pdfCreated: false });
    expect((await request('GET', `/v2/settlements/${settlementUuid}`, { as: trainer })).body).toMatchObject({ companyApproved: true });
    // The admin may still answer.
    expect((await request('POST', v1(`/settlement/trainer-preview/comment/${demoTrainer.uuid}`), { body: { settlementUuid, comment: 'Danke!', classHash: OVERALL_FEEDBACK } })).status).toBe(200);
  });

  it('copies saved account data to the trainer record and the open month’s snapshot, not the approved one', async () => {
    const lockedBefore = (await settlementTrainerOf(demoTrainer.id)).trainerSnapshot;
    const iban = 'DE02120300000000202051';
    const { status } = await request('PATCH', `/v2/trainer_accounts/${trainer.userUuid}`, {
      as: { ...trainer, headers: { ...trainer.headers, 'content-type': 'application/merge-patch+json' } },
      body: { trainerIban: iban, trainerBic: 'BYLADEM1001' },
    });
    expect(status).toBe(200);
    const record = await em().findOneOrFail(Trainer, demoTrainer.id);
    expect(record).toMatchObject({ iban, bic: 'BYLADEM1001' });
    const open = await settlementTrainerOf(demoTrainer.id, otherSettlementUuid);
    expect(open.trainerSnapshot).toMatchObject({ iban, bic: 'BYLADEM1001', street: demoTrainer.street });
    const approved = await settlementTrainerOf(demoTrainer.id);
    expect(approved.trainerSnapshot).toEqual(lockedBefore);

    const tax = await request('PATCH', `/v2/trainer_accounts/${trainer.userUuid}`, { as: trainer, body: { istaxrelevant: false, trainerTaxno: '12/345/67890' } });
    expect(tax.status).toBe(200);
    expect(await em().findOneOrFail(Trainer, demoTrainer.id)).toMatchObject({ vatLiable: false, taxNumber: '12/345/67890', iban });
    // The prepared month keeps the VAT liability its lines were computed with (a recalculation brings the new one).
    expect((await settlementTrainerOf(demoTrainer.id, otherSettlementUuid)).trainerSnapshot).toMatchObject({ vatLiable: true, taxNumber: '12/345/67890' });
  });
});
