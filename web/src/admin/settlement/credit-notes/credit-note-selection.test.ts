import { describe, expect, it } from 'vitest';
import type { TBillableTrainerRow } from '../../../../../contracts/settlement.contract';
import { creditNoteCandidates, initialSelection, parsePreselection, payoutsByTrainer } from './credit-note-selection';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const D = '00000000-0000-4000-8000-00000000000d';
const E = '00000000-0000-4000-8000-00000000000e';

const row = (trainerUuid: string, name: string, extra: Partial<TBillableTrainerRow> = {}): TBillableTrainerRow => ({
  trainer_uuid: trainerUuid,
  id: 1,
  studio_uuid: '00000000-0000-4000-8000-000000000001',
  studio_name: 'Mitte',
  trainer_company_name: null,
  trainer_name: name,
  trainer_street: 'Weg',
  trainer_house: '1',
  trainer_zip: '10115',
  trainer_city: 'Berlin',
  trainer_iban: 'DE89370400440532013000',
  trainer_taxno: '12/345/67890',
  tax_number_mandatory: true,
  trainer_account_connected: true,
  self_billing_consent: true,
  workflow_state: 'data_created',
  class_count: 3,
  trainer_data_complete: true,
  missing: [],
  tax_number_missing_not_mandatory: false,
  billed: false,
  selectable: true,
  selected: true,
  ...extra,
});

const workflow = (approved: string[] = [], billed: string[] = []) => ({
  billedTrainerUuids: billed,
  approvals: Object.fromEntries(approved.map((uuid) => [uuid, { company: true, trainer: false }])),
  preparation: { phase: 'done' as const, percent: 100, processed: 0, total: 0, error: null, runs: 1, preparedTrainerUuids: [] },
});

describe('creditNoteCandidates', () => {
  const rows = [
    row(A, 'Anna'),
    row(A, 'Anna', { studio_name: 'Nord' }),
    row(B, 'Bert', { self_billing_consent: false }),
    row(C, 'Carla', { trainer_data_complete: false, missing: ['iban'] }),
    row(D, 'Dora', { workflow_state: 'credit_note_send', billed: true }),
    row(E, 'Emil', { workflow_state: 'new' }),
  ];

  it('without review: every prepared, not billed trainer with data and consent; one entry per trainer, billable first', () => {
    const list = creditNoteCandidates({ rows, workflow: workflow(), trainerReview: false });
    expect(list.map((item) => [item.name, item.blocks])).toEqual([
      ['Anna', []],
      ['Bert', ['noConsent']],
      ['Carla', ['incomplete']],
      ['Dora', ['billed']],
    ]);
    expect(list[0]!.studios).toEqual(['Mitte', 'Nord']);
  });

  it('with review: only company-approved trainers; a billed one is not also "not approved"', () => {
    const list = creditNoteCandidates({ rows, workflow: workflow([B]), trainerReview: true });
    const blocks = Object.fromEntries(list.map((item) => [item.name, item.blocks]));
    expect(blocks).toEqual({ Anna: ['notApproved'], Bert: ['noConsent'], Carla: ['incomplete', 'notApproved'], Dora: ['billed'] });
  });

  it('a trainer billed in an earlier run of the workflow is greyed even before the rows caught up', () => {
    const list = creditNoteCandidates({ rows, workflow: workflow([], [A]), trainerReview: false });
    expect(list.find((item) => item.trainerUuid === A)!.blocks).toEqual(['billed']);
  });
});

describe('initialSelection', () => {
  const list = creditNoteCandidates({ rows: [row(A, 'Anna'), row(B, 'Bert'), row(C, 'Carla', { self_billing_consent: false })], workflow: workflow(), trainerReview: false });
  it('checks every billable trainer by default', () => expect(initialSelection(list, null).sort()).toEqual([A, B]));
  it('keeps the preselection, narrowed to billable trainers', () => expect(initialSelection(list, [B, C])).toEqual([B]));
  it('parses ?trainers= and drops what is not a uuid', () => {
    expect(parsePreselection(`${A.toUpperCase()}, nope,${B}`)).toEqual([A, B]);
    expect(parsePreselection('')).toBeNull();
  });
});

describe('payoutsByTrainer', () => {
  const payout = (endToEndId: string, status: 'open' | 'paid' | 'returned') => ({
    payoutUuid: '00000000-0000-4000-8000-0000000000ff',
    status,
    paidOn: status === 'paid' ? '2026-10-05' : null,
    reason: status === 'returned' ? 'account closed' : null,
    reasonCode: status === 'returned' ? 'AC04' : null,
    endToEndId,
    repaidBy: null,
  });
  const entry = (uuid: string, number: string, summary: ReturnType<typeof payout> | null) => ({ uuid, company_name: uuid, sum_gross: 1, credit_note_number: number, payout: summary });

  it('the later run\'s payout wins; a cancellation (no payout) keeps the one before', () => {
    const payouts = payoutsByTrainer([
      { trainers: [entry(A, 'GS-1', payout('GS-1', 'returned')), entry(B, 'GS-2', payout('GS-2', 'paid')), entry(A, 'GS-3', null)] },
      { trainers: [entry(B, 'GS-4', payout('GS-4', 'open'))] },
    ]);
    expect(payouts.get(A)?.endToEndId).toBe('GS-1');
    expect(payouts.get(B)?.endToEndId).toBe('GS-4');
    expect(payouts.has(C)).toBe(false);
  });
});
