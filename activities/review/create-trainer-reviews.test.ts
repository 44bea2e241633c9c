import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReviewFixture, type ReviewFixture } from '../../test/support/review-fixture';
import { createMailActivities, createMailer } from '../mail';
import { sql } from '../../db/queries/sql';
import { createReviewActivities, type ReviewActivities } from './index';

// createTrainerReviews does a batch in one transaction: against the real database, a
// retried batch (the same sending) answers the recorded outcomes and writes nothing twice — no second
// review, notification, log row or e-mail — and each trainer's notification is in their language.

let fixture: ReviewFixture;
let activities: ReviewActivities;

beforeAll(async () => {
  fixture = await startReviewFixture();
  const mail = createMailActivities({ orm: fixture.stack.orm, mailer: createMailer({}), publicUrl: 'https://pay.example' });
  activities = createReviewActivities({ orm: fixture.stack.orm, queueEmails: mail.queueEmails });
}, 300_000);

afterAll(async () => {
  await fixture?.stack.stop();
});

const count = async (query: string, bindings: unknown[]) => Number((await sql<{ n: string }>(fixture.stack.orm.em.fork(), query, bindings))[0]!.n);

describe('createTrainerReviews', () => {
  it('answers a retried batch from its records, writing nothing twice, each notification in its trainer’s language', async () => {
    const { demoTrainer, secondTrainer, settlementUuid, fitness } = fixture;
    const stranger = randomUUID();
    const batch = {
      settlementUuid,
      sendUuid: randomUUID(),
      trainerUuids: [demoTrainer.uuid, stranger, secondTrainer.uuid],
      offset: 0,
      total: 3,
      message: 'Bitte prüfen',
      userUuid: fixture.admin.userUuid,
      locale: 'en' as const,
    };
    const first = await activities.createTrainerReviews(batch);
    expect(first.trainers.map((trainer) => trainer.outcome)).toEqual(['created', 'failed', 'created']);
    expect(first.trainers.map((trainer) => trainer.trainerUuid)).toEqual(batch.trainerUuids);
    expect(first.trainers[0]!.emailUuid).toBeTruthy();
    expect(first.trainers[1]!.emailUuid).toBeUndefined();

    const retried = await activities.createTrainerReviews(batch);
    expect(retried).toEqual(first);

    const logged = await sql<{ trainer_uuid: string; status: string }>(
      fixture.stack.orm.em.fork(),
      `select trainer_uuid, status from settlement_log where event_key like ? order by id`,
      [`preview:${batch.sendUuid}:%`],
    );
    expect(logged).toEqual([
      { trainer_uuid: demoTrainer.uuid, status: 'success' },
      { trainer_uuid: stranger, status: 'error' },
      { trainer_uuid: secondTrainer.uuid, status: 'success' },
    ]);
    expect(await count(`select count(*) as n from outgoing_email where idempotency_key like ?`, [`${fitness.uuid}:settlement-preview:${settlementUuid}:%`])).toBe(2);
    const notifications = await sql<{ message: string }>(
      fixture.stack.orm.em.fork(),
      `select n.message from notification n join studio_group_trainer sgt on sgt.trainer_account_id = n.trainer_account_id
        where n.studio_group_id = ? and n.link like ? and sgt.trainer_id in (?, ?) order by sgt.trainer_id = ? desc`,
      [fitness.id, `%${settlementUuid}`, demoTrainer.id, secondTrainer.id, demoTrainer.id],
    );
    expect(notifications).toHaveLength(2);
    // The demo trainer's account is German, the second trainer's English; the admin's text follows.
    expect(notifications[0]!.message).toMatch(/^Deine Abrechnungsvorschau für \S+ \d{4} ist bereit zur Prüfung\.\n\nBitte prüfen$/);
    expect(notifications[1]!.message).toMatch(/^Your settlement preview for \S+ \d{4} is ready for review\.\n\nBitte prüfen$/);
    expect(await count('select count(*) as n from review_row r join settlement_trainer st on st.id = r.settlement_trainer_id where st.trainer_id = ? and r.row_id = ?', [secondTrainer.id, 'trainer_feedback_overall'])).toBe(1);

    // A later sending to the same trainers sends nothing again.
    const again = await activities.createTrainerReviews({ ...batch, sendUuid: randomUUID(), trainerUuids: [secondTrainer.uuid] });
    expect(again.trainers).toEqual([{ trainerUuid: secondTrainer.uuid, outcome: 'already_sent' }]);
  });
});

// The send since its e-mails are recorded in the delivery lane: createTrainerReviews with
// queueEmails false writes the reviews only, queuePreviewEmails records the created trainers'
// e-mails; either retried records no second e-mail, and one already sent is not answered again.
describe('createTrainerReviews without e-mails, then queuePreviewEmails', () => {
  let laneFixture: ReviewFixture;
  let lane: ReviewActivities;
  let mail: ReturnType<typeof createMailActivities>;

  beforeAll(async () => {
    laneFixture = await startReviewFixture();
    mail = createMailActivities({ orm: laneFixture.stack.orm, mailer: createMailer({}), publicUrl: 'https://pay.example' });
    lane = createReviewActivities({ orm: laneFixture.stack.orm, queueEmails: mail.queueEmails });
  }, 300_000);

  afterAll(async () => {
    await laneFixture?.stack.stop();
  });

  it('records each created trainer’s e-mail once, in the lane', async () => {
    const { demoTrainer, secondTrainer, settlementUuid, fitness } = laneFixture;
    const emails = () => sql<{ uuid: string; status: string }>(laneFixture.stack.orm.em.fork(), `select uuid, status from outgoing_email where idempotency_key like ? order by id`, [`${fitness.uuid}:settlement-preview:${settlementUuid}:%`]);
    const batch = {
      settlementUuid,
      sendUuid: randomUUID(),
      trainerUuids: [demoTrainer.uuid, secondTrainer.uuid],
      offset: 0,
      total: 2,
      message: 'Bitte prüfen',
      userUuid: laneFixture.admin.userUuid,
      locale: 'en' as const,
      queueEmails: false,
    };
    const created = await lane.createTrainerReviews(batch);
    expect(created.trainers).toEqual([
      { trainerUuid: demoTrainer.uuid, outcome: 'created' },
      { trainerUuid: secondTrainer.uuid, outcome: 'created' },
    ]);
    expect(await emails()).toEqual([]);
    // A retry of the reviews (the lane has not run yet) records no e-mail either.
    expect(await lane.createTrainerReviews(batch)).toEqual(created);
    expect(await emails()).toEqual([]);

    const queued = await lane.queuePreviewEmails({ settlementUuid, trainerUuids: batch.trainerUuids, message: batch.message });
    expect(queued.emailUuids).toHaveLength(2);
    expect((await emails()).map((row) => row.uuid).sort()).toEqual([...queued.emailUuids].sort());
    // Retried: the same e-mails, no second row.
    expect(await lane.queuePreviewEmails({ settlementUuid, trainerUuids: batch.trainerUuids, message: batch.message })).toEqual(queued);
    expect(await emails()).toHaveLength(2);

    // Once one is sent, a retry answers only the other one to deliver.
    await sql(laneFixture.stack.orm.em.fork(), `update outgoing_email set status = 'sent', sent_at = now() where uuid = ?`, [queued.emailUuids[0]]);
    expect(await lane.queuePreviewEmails({ settlementUuid, trainerUuids: batch.trainerUuids, message: batch.message })).toEqual({ emailUuids: [queued.emailUuids[1]] });
    expect(await emails()).toHaveLength(2);
  });
});
