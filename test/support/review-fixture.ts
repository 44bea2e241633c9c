import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '../../domain/passwords';
import { StudioGroupTrainer, Trainer, TrainerAccount, User } from '../../db/entities';
import { readNdjson } from './ndjson';
import { importDemoClasses } from './month-close';
import { logIn, startStack, type Stack } from './stack';
import { settlementWorkflowId } from '../../workflows/ids';

// The starting point of the review tests: a settlement of two months ago with trainer review, the
// demo trainer (trainer@demo.test) and a second trainer with a log-in of their own, both prepared
// (the demo trainer with an admin position, the 'Administration' row), previews not sent yet.

export type Login = Awaited<ReturnType<typeof logIn>>;
export type Group = { uuid: string; id: number; mandantId: number; apiSlug: string };
export type Answer<T> = { status: number; body: T; text: string };

export type ReviewFixture = {
  stack: Stack;
  admin: Login;
  yogaAdmin: Login;
  trainer: Login;
  /** The second trainer's log-in. */
  otherTrainer: Login;
  fitness: Group;
  yogaUuid: string;
  demoTrainer: Trainer;
  secondTrainer: Trainer;
  settlementUuid: string;
  /** Last day of the settled month. */
  MONTH: string;
  /** A call to /api{path}, as a user, in a language; the answer parsed. */
  request: <T = Record<string, unknown>>(method: string, path: string, options?: { as?: Login; body?: unknown; contentType?: string; locale?: 'de' | 'en' }) => Promise<Answer<T>>;
  /** Sends the settlement's previews through the API (step 3) and checks each was created. */
  sendPreviews: (trainerUuids: string[]) => Promise<void>;
};

/** How many `approvalsChanged` signals the settlement workflow has received. */
export async function approvalSignals(stack: Stack, settlementUuid: string): Promise<number> {
  const history = await stack.temporal.workflow.getHandle(settlementWorkflowId(settlementUuid)).fetchHistory();
  return (history.events ?? []).filter((event) => event.workflowExecutionSignaledEventAttributes?.signalName === 'approvalsChanged').length;
}

export async function startReviewFixture(): Promise<ReviewFixture> {
  const stack = await startStack();
  const admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  const trainer = await logIn(stack.baseUrl, 'trainer@demo.test');
  const fitness = (admin.studioGroups as unknown as Group[])[0]!;
  const settlementUuid = randomUUID();
  const month = DateTime.now().setZone('Europe/Berlin').startOf('month').minus({ months: 2 });
  const MONTH = month.endOf('month').toISODate()!;
  const em = () => stack.orm.em.fork();

  const request: ReviewFixture['request'] = async (method, path, { as = admin, body, contentType = 'application/json', locale = 'en' } = {}) => {
    const response = await fetch(`${stack.baseUrl}/api${path}`, {
      method,
      headers: { ...as.headers, 'content-type': contentType, 'x-locale': locale },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never, text };
  };
  const v1 = (path: string) => `/v1/${fitness.uuid}${path}`;

  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, month.toISODate()!, MONTH);
  const demoTrainer = await em().findOneOrFail(Trainer, { studioGroup: fitness.id, email: 'trainer@demo.test' });
  const billable = await request<{ rows: Array<{ trainer_uuid: string; selectable: boolean }> }>('GET', v1(`/settlement/${settlementUuid}/billable-trainers?month=${MONTH}`));
  const selectable = [...new Set(billable.body.rows.filter((row) => row.selectable).map((row) => row.trainer_uuid))];
  expect(selectable).toContain(demoTrainer.uuid);
  const linked = new Set((await em().find(StudioGroupTrainer, {}, { populate: ['trainer'] })).map((link) => link.trainer.uuid));
  const secondTrainer = await em().findOneOrFail(Trainer, { uuid: selectable.find((uuid) => !linked.has(uuid))! });

  // A second trainer user linked to another trainer record of the group (the demo has one trainer log-in).
  const fork = em();
  const user = fork.create(User, { email: `review-${randomUUID()}@test.local`, passwordHash: await hashPassword('demo1234'), role: 'trainer', locale: 'en', firstname: 'Berta', lastname: 'Zweite', isVerified: true });
  const account = fork.create(TrainerAccount, { user, firstname: 'Berta', lastname: 'Zweite', email: user.email, language: 'en' });
  fork.create(StudioGroupTrainer, { studioGroup: fitness.id, trainer: secondTrainer.id, trainerAccount: account });
  await fork.flush();
  const otherTrainer = await logIn(stack.baseUrl, user.email);

  const trainersSelected = [demoTrainer.uuid, secondTrainer.uuid];
  const prepareBody = { idMandant: fitness.mandantId, idStudioGroup: fitness.id, studioGroupUuid: fitness.uuid, settlementMonth: MONTH, settlementUuid };
  expect((await request('POST', v1(`/settlement/${settlementUuid}/selection`), { body: { settlementMonth: MONTH, trainersSelected } })).status).toBe(200);
  for (const phase of ['invoice-data', 'class', 'trainer']) {
    expect((await request('POST', v1(`/settlement/${fitness.apiSlug}/create/${phase}`), { body: prepareBody })).status).toBe(200);
  }
  // An admin position: the 'Administration' row of the review.
  const position = await request('POST', v1(`/settlement/${settlementUuid}/admin-positions`), { body: { trainerUuid: demoTrainer.uuid, kind: 'bonus', description: 'Sommerfest', netCents: 5000 } });
  expect(position.status).toBe(201);
  expect((await request('POST', v1('/settlement/create'), { body: { ...prepareBody, apiSlug: fitness.apiSlug, trainerReview: true } })).status).toBe(200);

  const sendPreviews = async (trainerUuids: string[]) => {
    const response = await fetch(`${stack.baseUrl}/api${v1('/settlement/trainer-preview/send')}`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ settlementUuid, settlementMonth: MONTH, trainersSelected: trainerUuids, message: 'Bitte prüfen' }),
    });
    expect(response.status).toBe(200);
    const messages: Array<{ status: string; trainer_uuid?: string }> = [];
    for await (const message of readNdjson<{ status: string; trainer_uuid?: string }>(response)) messages.push(message);
    expect(messages.at(-1)?.status).toBe('finished_studiogroup');
    expect(messages.filter((message) => message.status === 'success').map((message) => message.trainer_uuid).sort()).toEqual([...trainerUuids].sort());
  };

  return { stack, admin, yogaAdmin, trainer, otherTrainer, fitness, yogaUuid: yogaAdmin.studioGroups[0]!.uuid, demoTrainer, secondTrainer, settlementUuid, MONTH, request, sendPreviews };
}

/**
 * A test file's fixture: started before its tests (then `setUp`, in the same time limit) and stopped
 * after them. The calls answer for the started one, so a file's helpers can be defined before it is.
 */
export function useReviewFixture(setUp: (fixture: ReviewFixture) => Promise<void> | void) {
  let fixture: ReviewFixture | undefined;
  const started = () => {
    if (!fixture) throw new Error('The review fixture is not started yet (beforeAll).');
    return fixture;
  };
  beforeAll(async () => {
    fixture = await startReviewFixture();
    await setUp(fixture);
  }, 240_000);
  afterAll(async () => {
    await fixture?.stack.stop();
  });
  const request: ReviewFixture['request'] = (method, path, options) => started().request(method, path, options);
  return {
    request,
    /** A path of the admin's API, in the fixture's studio group unless another is named. */
    v1: (path: string, group = started().fitness.uuid) => `/v1/${group}${path}`,
    sendPreviews: (trainerUuids: string[]) => started().sendPreviews(trainerUuids),
  };
}
