import type { TSettlementRunFiles } from '../../../../../contracts/credit-note-list.contract';
import type { TPayoutSummary } from '../../../../../contracts/payouts.contract';
import type { TBillableTrainerRow, TSettlementWorkflowState, TTrainerDataItem } from '../../../../../contracts/settlement.contract';

/**
 * Who may be billed in a credit-note run (spec 2.8, 4 "Credit note flow"; DESIGN "self-billing"):
 * a prepared trainer of the settlement whose credit note is not issued yet, with complete data and
 * the self-billing consent (§14 (2) UStG), and, with trainer review, approved by the company. The
 * others are listed greyed with every reason, so the admin sees what to fix before the next run.
 */
export type CreditNoteBlock = 'billed' | 'incomplete' | 'noConsent' | 'notApproved' | 'employee' | 'ibanNotApproved';

export type CreditNoteCandidate = {
  trainerUuid: string;
  /** TrainerID (the spec's integer id). */
  id: number;
  /** Company name, else the person's name. */
  name: string;
  /** The person's name when a company name is shown. */
  personName: string | null;
  studios: string[];
  missing: TTrainerDataItem[];
  /** Empty: the trainer may be billed in this run. */
  blocks: CreditNoteBlock[];
};

const ISSUED_STATES: readonly string[] = ['credit_note_created', 'credit_note_send'];

/** The trainers of the settlement (one entry per trainer, rows are per studio), billable ones first. */
export function creditNoteCandidates({
  rows,
  workflow,
  trainerReview,
}: {
  rows: readonly TBillableTrainerRow[];
  workflow: Pick<TSettlementWorkflowState, 'billedTrainerUuids' | 'approvals' | 'preparation'> | null;
  trainerReview: boolean;
}): CreditNoteCandidate[] {
  const billed = new Set(workflow?.billedTrainerUuids ?? []);
  const prepared = new Set(workflow?.preparation.preparedTrainerUuids ?? []);
  const byTrainer = new Map<string, CreditNoteCandidate>();
  for (const row of rows) {
    // A trainer who is not in the settlement (still 'new', not prepared) is no candidate at all.
    const inSettlement = row.workflow_state !== 'new' || prepared.has(row.trainer_uuid) || billed.has(row.trainer_uuid);
    if (!inSettlement) continue;
    const known = byTrainer.get(row.trainer_uuid);
    if (known) {
      if (!known.studios.includes(row.studio_name)) known.studios.push(row.studio_name);
      continue;
    }
    const blocks: CreditNoteBlock[] = [];
    if (billed.has(row.trainer_uuid) || row.billed || ISSUED_STATES.includes(row.workflow_state)) blocks.push('billed');
    if (!row.trainer_data_complete) blocks.push('incomplete');
    if (row.self_billing_consent === false) blocks.push('noConsent');
    // An employee is paid through payroll; a changed IBAN waits for staff's approval.
    if (row.is_employee) blocks.push('employee');
    if (row.iban_change_pending) blocks.push('ibanNotApproved');
    if (trainerReview && !blocks.includes('billed') && !workflow?.approvals[row.trainer_uuid]?.company) blocks.push('notApproved');
    const company = row.trainer_company_name?.trim() || null;
    byTrainer.set(row.trainer_uuid, {
      trainerUuid: row.trainer_uuid,
      id: row.id,
      name: company ?? row.trainer_name,
      personName: company ? row.trainer_name : null,
      studios: [row.studio_name],
      missing: row.missing,
      blocks,
    });
  }
  return [...byTrainer.values()].sort((a, b) => Number(a.blocks.length > 0) - Number(b.blocks.length > 0) || a.name.localeCompare(b.name, 'de'));
}

export const billableUuids = (candidates: readonly CreditNoteCandidate[]) => candidates.filter((candidate) => candidate.blocks.length === 0).map((candidate) => candidate.trainerUuid);

/**
 * The checked trainers: all billable ones by default (spec 2.8), or the preselection the preview
 * check passed on (`?trainers=`), narrowed to those still billable.
 */
export function initialSelection(candidates: readonly CreditNoteCandidate[], preselected: readonly string[] | null): string[] {
  const billable = billableUuids(candidates);
  if (!preselected || preselected.length === 0) return billable;
  const wanted = new Set(preselected);
  return billable.filter((uuid) => wanted.has(uuid));
}

/** `?trainers=uuid,uuid` → uuids (null when absent). */
export function parsePreselection(value: string | null): string[] | null {
  if (!value) return null;
  const uuids = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(part));
  return uuids.length > 0 ? uuids : null;
}

/**
 * Per billed trainer, what became of the payment of their credit note, from the settlement's runs
 * (oldest first): a later run's payout wins, since a trainer billed again after a cancellation is
 * paid by the later run. Documents without a payout (a cancellation, no SEPA) leave the entry as it is.
 */
export function payoutsByTrainer(runs: readonly Pick<TSettlementRunFiles, 'trainers'>[]): Map<string, TPayoutSummary> {
  const payouts = new Map<string, TPayoutSummary>();
  for (const run of runs) for (const trainer of run.trainers) if (trainer.payout) payouts.set(trainer.uuid, trainer.payout);
  return payouts;
}
