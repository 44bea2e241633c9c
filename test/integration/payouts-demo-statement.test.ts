import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Payout, StudioGroup, Trainer } from '../../db/entities';
import type { BankBooking } from '../../domain/payouts';
import { readAllBankEntries } from '../../domain/payouts';
import { issueCreditNote, type IssuedCreditNote } from '../support/credit-notes';
import { findDemoFitness } from '../support/month-close';
import { openPayoutFor } from '../support/payouts';
import { callApi, logIn, startStack, type Stack } from '../support/stack';

// GET /api/v1/{g}/payouts/demo-statement: the camt.053 a demo group's admin downloads to follow the
// payout loop without a bank, and each refusal with its message (nothing written either way).

let stack: Stack;
let admin: Awaited<ReturnType<typeof logIn>>;
let groupUuid: string;
let first: IssuedCreditNote;
let second: IssuedCreditNote;

beforeAll(async () => {
  stack = await startStack({ worker: false });
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  const em = stack.orm.em.fork();
  const { group } = await findDemoFitness(em);
  groupUuid = group.uuid;
  const trainers = await em.find(Trainer, { studioGroup: group }, { limit: 2, orderBy: { id: 'asc' } });
  first = await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: trainers[0]!.uuid, month: '2026-09-30', number: 'GS-2026-00801', grossCents: 80_000 });
  second = await issueCreditNote(stack, { studioGroupUuid: groupUuid, trainerUuid: trainers[1]!.uuid, month: '2026-09-30', number: 'GS-2026-00802', grossCents: 12_345 });
  await openPayoutFor(stack, first);
  await openPayoutFor(stack, second);
}, 180_000);

afterAll(() => stack?.stop());

const demoStatement = (runUuid: string, locale: 'de' | 'en' = 'en') =>
  fetch(`${stack.baseUrl}/api/v1/${groupUuid}/payouts/demo-statement?settlementRunUuid=${runUuid}`, { headers: { ...admin.headers, 'x-locale': locale } });

it('answers the run\'s open payouts booked and the last one returned, as an XML download', async () => {
  const response = await demoStatement(second.runUuid);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="demo-camt053-2026-09.xml"');
  const { identity, entries } = await readAllBankEntries(Readable.from([await response.text()]));
  expect(identity.kind).toBe('camt.053');
  const bookings = entries as BankBooking[];
  // One payout in this run: booked, then returned (the fee kept by the banks).
  expect(bookings.map((entry) => [entry.creditDebit, entry.endToEndId, entry.amountCents])).toEqual([
    ['DBIT', 'GS-2026-00802', 12_345],
    ['CRDT', 'GS-2026-00802', 12_345 - 350],
  ]);
  // Nothing written: the payouts stay open until the file is uploaded.
  expect((await stack.orm.em.fork().find(Payout, { endToEndId: { $in: [first.number, second.number] } })).map((payout) => payout.status)).toEqual(['open', 'open']);
});

it('refuses a run of no payout, a bad uuid and a group that is not a demo, in the caller\'s language', async () => {
  const unknown = await demoStatement(crypto.randomUUID(), 'de');
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ status: 'error', message: 'Dieser Gutschriftenlauf wurde in der Studiogruppe nicht gefunden.' });

  const bad = await callApi(stack.baseUrl, 'GET', `/api/v1/${groupUuid}/payouts/demo-statement?settlementRunUuid=nope`, { as: admin });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/settlementRunUuid/);

  const em = stack.orm.em.fork();
  await em.nativeUpdate(Payout, { endToEndId: first.number }, { status: 'paid' });
  const nothingOpen = await demoStatement(first.runUuid);
  expect(nothingOpen.status).toBe(409);
  expect((await nothingOpen.json()).message).toMatch(/no open payouts/);

  await em.nativeUpdate(StudioGroup, { uuid: groupUuid }, { sourceSystem: 'csv' });
  try {
    const notDemo = await demoStatement(second.runUuid);
    expect(notDemo.status).toBe(409);
    expect((await notDemo.json()).message).toMatch(/only for studio groups that import from the demo booking system/);
  } finally {
    await em.nativeUpdate(StudioGroup, { uuid: groupUuid }, { sourceSystem: 'demo' });
  }
});
