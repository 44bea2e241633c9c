import { centsToEuros } from '../../domain/money';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OVERALL_FEEDBACK,
  ZApprovedTrainersResponse,
  ZPreviewCheckResponse,
  ZTrainerReviewsResponse,
  ZTrainerSettlementReview,
  type TApprovedTrainersResponse,
  type TPreviewCheckResponse,
  type TReviewRow,
  type TTrainerReview,
  type TTrainerSettlementReview,
} from '../../contracts/review.contract';
import { Comment, ReviewRow, SettlementLine, Trainer } from '../../db/entities';
import { useReviewFixture, type Login, type ReviewFixture } from '../support/review-fixture';

// The review rows and lists of the month close against the real API, PostgreSQL, Temporal and worker:
// the trainer's settlement review (GET 200/204, POST first, PUT later), the admin's feedback review
// (list and PUT with company comments and 'review finished'), the preview check's trainer list and
// the approved trainers. Every refusal is checked for its status and that nothing changed.

let { stack, admin, yogaAdmin, trainer, otherTrainer, fitness, yogaUuid, demoTrainer, secondTrainer, settlementUuid, MONTH } = {} as ReviewFixture;
const { request, v1, sendPreviews } = useReviewFixture(async (fixture) => {
  ({ stack, admin, yogaAdmin, trainer, otherTrainer, fitness, yogaUuid, demoTrainer, secondTrainer, settlementUuid, MONTH } = fixture);
});



const reviewPath = (as: Login = trainer, group = fitness.uuid) => `/v2/${group}/trainer_account/settlement_review/${settlementUuid}/${as.userUuid}`;
const savePath = (group = fitness.uuid) => `/v2/${group}/trainer_account/settlement_review/${settlementUuid}`;
const saveBody = (review: Array<Partial<TReviewRow> & { row_id: string }>, extra: Record<string, unknown> = {}, as: Login = trainer) => ({
  trainerAccountUuid: as.userUuid,
  studioGroupUuid: fitness.uuid,
  review: review.map((row) => ({ course: '', trainer_review_comment: null, company_approved: false, company_comment: null, ...row })),
  ...extra,
});
const LD_JSON = 'application/ld+json';

const em = () => stack.orm.em.fork();
const rowsOf = (trainerId: number) => em().find(ReviewRow, { settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: trainerId } }, { orderBy: { id: 'asc' } });
const commentsOf = (trainerId: number) => em().find(Comment, { settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: trainerId } }, { orderBy: { id: 'asc' } });
const linesOf = (trainerId: number) => em().find(SettlementLine, { settlementTrainer: { settlement: { uuid: settlementUuid }, trainer: trainerId } }, { orderBy: { id: 'asc' } });

/** The company approval: the admin's 'review finished' (PUT with approved), an update of the settlement workflow. */
async function approveByCompany(record: Trainer, approved: boolean) {
  const answer = await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: saveBody([], { trainerUuid: record.uuid, trainerAccountUuid: undefined, approved }), contentType: LD_JSON });
  expect(answer.status).toBe(200);
}

describe('before the preview is sent', () => {
  it('answers 204 to the trainer: there is no review yet', async () => {
    const { status, text } = await request('GET', reviewPath(), { as: trainer });
    expect(status).toBe(204);
    expect(text).toBe('');
  });

  it('refuses a save without a review (404) and lists no reviews, previews or approved trainers', async () => {
    const saved = await request('PUT', savePath(), { as: trainer, body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Hallo' }]), contentType: LD_JSON });
    expect(saved.status).toBe(404);
    expect((await request<TTrainerReview[]>('GET', v1(`/settlement/trainer/reviews/${fitness.id}/${settlementUuid}`))).body).toEqual([]);
    expect((await request<TPreviewCheckResponse>('GET', v1(`/settlement/${settlementUuid}/preview-check`))).body.trainers).toEqual([]);
    const approved = await request<TApprovedTrainersResponse>('GET', v1(`/settlement/trainer-preview/${settlementUuid}/approved`));
    expect(approved).toMatchObject({ status: 200, body: { trainers: [] } });
  });
});

describe('the trainer’s settlement review (trainer portal 3, 4, 7)', () => {
  beforeAll(async () => {
    await sendPreviews([demoTrainer.uuid, secondTrainer.uuid]);
  });

  it('answers the review rows, the data rows of the lines (admin rows as Admin, the overall row) and footer sums = lines', async () => {
    const { status, body } = await request<TTrainerSettlementReview>('GET', reviewPath(), { as: trainer });
    expect(status).toBe(200);
    ZTrainerSettlementReview.parse(body);
    const lines = await linesOf(demoTrainer.id);
    expect(body.list_footer).toEqual({
      Netto: centsToEuros(lines.reduce((sum, line) => sum + line.netCents, 0)),
      MwSt: centsToEuros(lines.reduce((sum, line) => sum + line.vatCents, 0)),
      Brutto: centsToEuros(lines.reduce((sum, line) => sum + line.grossCents, 0)),
    });
    expect(body.data).toHaveLength(lines.length + 1);
    expect(body.data[0]).toMatchObject({ id_newrow: OVERALL_FEEDBACK, studio_name: OVERALL_FEEDBACK, Brutto: 0 });
    expect(body.data.filter((row) => row.studio_name === 'Admin')).toEqual([expect.objectContaining({ class_name: 'Sommerfest', Netto: 50, date: null })]);
    const classRow = body.data.find((row) => row.studio_name !== 'Admin' && row.id_newrow !== OVERALL_FEEDBACK)!;
    const line = lines.find((item) => item.classHash === classRow.id_newrow)!;
    expect(classRow).toMatchObject({ class_name: line.className, duration: line.durationMinutes, class_booked_slot: line.bookedSlots, Netto: centsToEuros(line.netCents), MwSt: centsToEuros(line.vatCents), Brutto: centsToEuros(line.grossCents) });
    expect(body.review.map((row) => row.row_id).sort()).toEqual([...lines.map((item) => item.classHash), OVERALL_FEEDBACK].sort());
    expect(body.review[0]!.row_id).toBe(OVERALL_FEEDBACK);
    expect(body).toMatchObject({ approved: false, locked: false });
  });

  it('refuses another trainer’s review, a group the trainer is not linked to, and staff', async () => {
    expect((await request('GET', reviewPath(trainer), { as: otherTrainer })).status).toBe(403);
    expect((await request('GET', reviewPath(trainer, yogaUuid), { as: trainer })).status).toBe(404);
    expect((await request('GET', reviewPath(admin), { as: admin })).status).toBe(403);
    const own = await request<TTrainerSettlementReview>('GET', reviewPath(otherTrainer), { as: otherTrainer });
    expect(own.status).toBe(200);
    expect(own.body.data.some((row) => row.studio_name === 'Admin')).toBe(false);
  });

  it('saves the trainer’s comments (POST first → 201, later PUT → 200), cleaned, and adds them to the threads', async () => {
    const [line] = await linesOf(demoTrainer.id);
    const first = await request('POST', savePath(), {
      as: trainer,
      body: saveBody([
        { row_id: line!.classHash, trainer_review_comment: '  <b>Kurs fehlt</b> {x} "doppelt"  ', company_comment: 'not mine to write', company_approved: true },
        { row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Alles gut' },
      ]),
      contentType: LD_JSON,
    });
    expect(first).toMatchObject({ status: 201, body: { status: 'success', message: 'Review saved.' } });
    const rows = await rowsOf(demoTrainer.id);
    const saved = rows.find((row) => row.rowId === line!.classHash)!;
    expect(saved).toMatchObject({ trainerReviewComment: 'bKurs fehlt/b x „doppelt“', companyComment: null, companyApproved: false });
    let comments = await commentsOf(demoTrainer.id);
    expect(comments.map((comment) => [comment.classHash, comment.text, comment.role])).toEqual([
      [line!.classHash, 'bKurs fehlt/b x „doppelt“', 'ROLE_TRAINER'],
      [OVERALL_FEEDBACK, 'Alles gut', 'ROLE_TRAINER'],
    ]);
    expect(comments[0]!.className).toBe(line!.className);

    // The same text again adds nothing; a changed one is appended; a POST after a saved review answers 200.
    const again = await request('POST', savePath(), { as: trainer, body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Alles gut' }]), contentType: LD_JSON });
    expect(again.status).toBe(200);
    const later = await request('PUT', savePath(), { as: trainer, body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Doch: ein Kurs fehlt' }]) });
    expect(later.status).toBe(200);
    comments = await commentsOf(demoTrainer.id);
    expect(comments.map((comment) => comment.text)).toEqual(['bKurs fehlt/b x „doppelt“', 'Alles gut', 'Doch: ein Kurs fehlt']);
    const read = await request<TTrainerSettlementReview>('GET', reviewPath(), { as: trainer });
    expect(read.body.review.find((row) => row.row_id === OVERALL_FEEDBACK)!.trainer_review_comment).toBe('Doch: ein Kurs fehlt');
  });

  it('refuses an unknown row id with 400 naming the row, and saves nothing of the request', async () => {
    const before = await rowsOf(demoTrainer.id);
    const { status, body } = await request<{ message: string; field: string }>('PUT', savePath(), {
      as: trainer,
      body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Neu' }, { row_id: 'no-such-row', trainer_review_comment: 'x' }]),
      contentType: LD_JSON,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ field: 'review.1.row_id', message: 'The review has no row no-such-row.' });
    expect((await rowsOf(demoTrainer.id)).map((row) => row.trainerReviewComment)).toEqual(before.map((row) => row.trainerReviewComment));
  });

  it('refuses a save for another trainer, with another trainer’s rows, or for another group', async () => {
    const [line] = await linesOf(demoTrainer.id);
    const before = await commentsOf(demoTrainer.id);
    // Naming the demo trainer as the account: 403.
    expect((await request('PUT', savePath(), { as: otherTrainer, body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'fremd' }], {}, trainer) })).status).toBe(403);
    // The demo trainer's class rows are not in the second trainer's review: 400.
    expect((await request('PUT', savePath(), { as: otherTrainer, body: saveBody([{ row_id: line!.classHash, trainer_review_comment: 'fremd' }], {}, otherTrainer) })).status).toBe(400);
    // A group the trainer is not linked to: 404.
    expect((await request('PUT', savePath(yogaUuid), { as: trainer, body: { ...saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'x' }]), studioGroupUuid: yogaUuid } })).status).toBe(404);
    // Staff are not trainers: 403.
    expect((await request('PUT', savePath(), { as: admin, body: saveBody([], {}, admin) })).status).toBe(403);
    expect(await commentsOf(demoTrainer.id)).toHaveLength(before.length);
  });
});

describe('the admin’s feedback review (2.7)', () => {
  it('lists one review per trainer sent a preview, with the trainer’s comments', async () => {
    const { status, body } = await request<TTrainerReview[]>('GET', v1(`/settlement/trainer/reviews/${fitness.id}/${settlementUuid}`));
    expect(status).toBe(200);
    ZTrainerReviewsResponse.parse(body);
    expect(body.map((review) => review.trainerUuid).sort()).toEqual([demoTrainer.uuid, secondTrainer.uuid].sort());
    const demo = body.find((review) => review.trainerUuid === demoTrainer.uuid)!;
    expect(demo).toMatchObject({ TrainerID: demoTrainer.id, trainerAccountUuid: trainer.userUuid, studioGroupUuid: fitness.uuid, approved: false, trainerApproved: false });
    expect(demo.review.find((row) => row.row_id === OVERALL_FEEDBACK)!.trainer_review_comment).toBe('Doch: ein Kurs fehlt');
  });

  it('refuses another group’s id in the path and another group’s staff (404)', async () => {
    expect((await request('GET', v1(`/settlement/trainer/reviews/${fitness.id + 1000}/${settlementUuid}`))).status).toBe(404);
    expect((await request('GET', v1(`/settlement/trainer/reviews/${fitness.id}/${settlementUuid}`), { as: yogaAdmin })).status).toBe(404);
    expect((await request('GET', v1(`/settlement/${settlementUuid}/preview-check`), { as: yogaAdmin })).status).toBe(404);
    expect((await request('GET', v1(`/settlement/trainer-preview/${settlementUuid}/approved`), { as: yogaAdmin })).status).toBe(404);
    expect((await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { as: yogaAdmin, body: saveBody([], { trainerUuid: demoTrainer.uuid }) })).status).toBe(404);
    // The yoga admin's own group does not hold this settlement either.
    expect((await request('GET', v1(`/settlement/${settlementUuid}/preview-check`, yogaUuid), { as: yogaAdmin })).status).toBe(404);
  });

  it('saves company comments and marks per row (ld+json), adds a changed comment to the thread as ROLE_ADMIN, leaves the trainer’s text', async () => {
    const [line] = await linesOf(demoTrainer.id);
    const { status, body } = await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), {
      body: saveBody([{ row_id: line!.classHash, company_comment: 'Wir prüfen das <sofort>', company_approved: true, trainer_review_comment: 'overwritten?' }]),
      contentType: LD_JSON,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', message: 'Review saved.' });
    const row = (await rowsOf(demoTrainer.id)).find((item) => item.rowId === line!.classHash)!;
    expect(row).toMatchObject({ companyComment: 'Wir prüfen das sofort', companyApproved: true, trainerReviewComment: 'bKurs fehlt/b x „doppelt“' });
    const comments = await commentsOf(demoTrainer.id);
    expect(comments.at(-1)).toMatchObject({ classHash: line!.classHash, text: 'Wir prüfen das sofort', role: 'ROLE_ADMIN', authorName: 'Anna Admin' });

    // The same again, named by the trainer record's uuid: no new thread entry.
    const again = await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: saveBody([{ row_id: line!.classHash, company_comment: 'Wir prüfen das sofort', company_approved: true }], { trainerAccountUuid: demoTrainer.uuid }) });
    expect(again.status).toBe(200);
    expect(await commentsOf(demoTrainer.id)).toHaveLength(comments.length);
  });

  it('refuses an admin save without a trainer, of an unknown trainer or an unknown row', async () => {
    const noTrainer = await request<{ field: string }>('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: { studioGroupUuid: fitness.uuid, review: [] } });
    expect(noTrainer.status).toBe(400);
    expect(noTrainer.body.field).toBe('trainerAccountUuid');
    expect((await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: saveBody([], { trainerUuid: randomUUID() }) })).status).toBe(404);
    expect((await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: saveBody([{ row_id: 'nope' }]) })).status).toBe(400);
  });
});

describe('preview check (2.10) and the approved trainers', () => {
  it('lists the settlement’s locations with their trainers, comments and approvals', async () => {
    const { status, body } = await request<TPreviewCheckResponse>('GET', v1(`/settlement/${settlementUuid}/preview-check`));
    expect(status).toBe(200);
    ZPreviewCheckResponse.parse(body);
    expect(body).toMatchObject({ settlementUuid, settlementMonth: MONTH });
    const studios = await em().getConnection().execute<Array<{ trainer_uuid: string; location_uuid: string }>>(
      `select distinct t.uuid as trainer_uuid, s.uuid as location_uuid from settlement_line l
         join settlement_trainer st on st.id = l.settlement_trainer_id join trainer t on t.id = st.trainer_id join studio s on s.id = l.studio_id
         join settlement se on se.id = st.settlement_id where se.uuid = ?`,
      [settlementUuid],
    );
    // One entry per trainer and location they taught at.
    expect(body.trainers.map((row) => `${row.trainer_uuid}|${row.location_uuid}`).sort()).toEqual(studios.map((row) => `${row.trainer_uuid}|${row.location_uuid}`).sort());
    expect(body.locations.map((location) => location.location_uuid).sort()).toEqual([...new Set(studios.map((row) => row.location_uuid))].sort());
    const demo = body.trainers.find((row) => row.trainer_uuid === demoTrainer.uuid)!;
    expect(demo).toMatchObject({ trainer_id: demoTrainer.id, has_comments: true, approved_by_company: 'false', approved_by_trainer: 'false', trainer_data_complete: true, trainer_account_connected: true });
    expect(body.trainers.find((row) => row.trainer_uuid === secondTrainer.uuid)!.has_comments).toBe(false);
  });

  it('locks the trainer’s review once the company approved; the admin may still write, the approved list shows the trainer', async () => {
    await approveByCompany(demoTrainer, true);
    const refused = await request<{ message: string }>('PUT', savePath(), { as: trainer, body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Zu spät' }]), contentType: LD_JSON });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This preview has been approved already and cannot be edited anymore.');
    const german = await request<{ message: string }>('POST', savePath(), { as: trainer, locale: 'de', body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Zu spät' }]) });
    expect(german).toMatchObject({ status: 409, body: { message: 'Diese Vorschau wurde bereits freigegeben und kann nicht mehr bearbeitet werden.' } });
    expect((await rowsOf(demoTrainer.id)).find((row) => row.rowId === OVERALL_FEEDBACK)!.trainerReviewComment).toBe('Doch: ein Kurs fehlt');

    const read = await request<TTrainerSettlementReview>('GET', reviewPath(), { as: trainer });
    expect(read.body.locked).toBe(true);

    const adminWrite = await request('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: saveBody([{ row_id: OVERALL_FEEDBACK, company_comment: 'Danke!' }]) });
    expect(adminWrite.status).toBe(200);

    const approved = await request<TApprovedTrainersResponse>('GET', v1(`/settlement/trainer-preview/${settlementUuid}/approved`));
    expect(approved.status).toBe(200);
    ZApprovedTrainersResponse.parse(approved.body);
    const lines = await linesOf(demoTrainer.id);
    expect(approved.body.trainers).toEqual([expect.objectContaining({ trainer_uuid: demoTrainer.uuid, TrainerID: demoTrainer.id, sum_gross: centsToEuros(lines.reduce((sum, line) => sum + line.grossCents, 0)) })]);

    const check = await request<TPreviewCheckResponse>('GET', v1(`/settlement/${settlementUuid}/preview-check`));
    expect(check.body.trainers.filter((row) => row.trainer_uuid === demoTrainer.uuid).every((row) => row.approved_by_company === 'true')).toBe(true);
    const reviews = await request<TTrainerReview[]>('GET', v1(`/settlement/trainer/reviews/${fitness.id}/${settlementUuid}`));
    expect(reviews.body.find((review) => review.trainerUuid === demoTrainer.uuid)!.approved).toBe(true);
  });

  it('records the trainer’s confirmation as their approval through the workflow', async () => {
    const saved = await request('PUT', savePath(), { as: otherTrainer, body: saveBody([{ row_id: OVERALL_FEEDBACK, trainer_review_comment: 'Passt' }], { approved: true }, otherTrainer) });
    expect(saved.status).toBe(200);
    const read = await request<TTrainerSettlementReview>('GET', reviewPath(otherTrainer), { as: otherTrainer });
    expect(read.body).toMatchObject({ approved: true, locked: false });
    const check = await request<TPreviewCheckResponse>('GET', v1(`/settlement/${settlementUuid}/preview-check`));
    expect(check.body.trainers.find((row) => row.trainer_uuid === secondTrainer.uuid)!.approved_by_trainer).toBe('true');
  });

  it('refuses company writes once the credit note is created (409)', async () => {
    await em().getConnection().execute(
      `update settlement_trainer set workflow_state = 'credit_note_created' where trainer_id = ? and settlement_id = (select id from settlement where uuid = ?)`,
      [secondTrainer.id, settlementUuid],
    );
    const refused = await request<{ message: string }>('PUT', v1(`/trainer_account/settlement_review/${settlementUuid}`), { body: saveBody([{ row_id: OVERALL_FEEDBACK, company_comment: 'Zu spät' }], { trainerUuid: secondTrainer.uuid }) });
    expect(refused).toMatchObject({ status: 409, body: { message: 'The credit note has been created; this settlement cannot be edited anymore.' } });
    expect((await rowsOf(secondTrainer.id)).find((row) => row.rowId === OVERALL_FEEDBACK)!.companyComment).toBeNull();
  });
});
