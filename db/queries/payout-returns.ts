import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutReturnRow } from '../../domain/accounting';
import { trainerDisplayName } from '../../domain/trainer-data';
import { idArray } from './id-array';
import { sql } from './sql';

// What a run's accounting hand-off owes the accountant about failed payouts (decision 0150): every
// rejected or returned payout of the group whose return no earlier accounting e-mail carried (or
// this run's did: the same hand-off sent again), and every repayment written since its return was
// handed over. `return_handoff_run_id` / `repayment_handoff_run_id` record the e-mail that carried
// them, so each reaches the accountant once and none waits for ever: an e-mail not sent, or sent
// without the file, leaves them for the next hand-off.

export type PayoutReturnHandoffRow = PayoutReturnRow & {
  payoutId: number;
  /** The repayment row of this failed payout, when one is written. */
  repaymentId: number | null;
};

type Row = {
  id: number;
  number: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  end_to_end_id: string;
  status: 'rejected' | 'returned';
  amount_cents: number;
  returned_cents: number | null;
  fee_cents: number | null;
  reason_code: string | null;
  booking_date: string | null;
  bank_reference: string | null;
  return_handoff_run_id: number | null;
  repayment_id: number | null;
  repayment_end_to_end_id: string | null;
  repayment_cents: number | null;
  repayment_status: PayoutReturnRow['repaymentStatus'];
};

/** The rows of run `runId`'s returns CSV, by credit note number and end-to-end id. */
export async function payoutReturnsForHandoff(em: EntityManager, { studioGroupId, runId }: { studioGroupId: number; runId: number }): Promise<PayoutReturnHandoffRow[]> {
  const rows = await sql<Row>(
    em,
    `select p.id, cn.number, t.firstname, t.lastname, t.company_name, t.source_id, p.end_to_end_id, p.status, p.amount_cents, p.returned_cents, p.fee_cents,
            p.reason_code, to_char(p.booking_date, 'YYYY-MM-DD') as booking_date, p.bank_reference, p.return_handoff_run_id,
            r.id as repayment_id, r.end_to_end_id as repayment_end_to_end_id, r.amount_cents as repayment_cents, r.status as repayment_status
       from payout p
       join credit_note cn on cn.id = p.credit_note_id
       join trainer t on t.id = p.trainer_id
       left join payout r on r.repays_id = p.id
      where p.studio_group_id = ? and p.status in ('rejected', 'returned')
        and (p.return_handoff_run_id is null or p.return_handoff_run_id = ?
             or (r.id is not null and (r.repayment_handoff_run_id is null or r.repayment_handoff_run_id = ?)))
      order by cn.number, p.end_to_end_id`,
    [studioGroupId, runId, runId],
  );
  return rows.map((row) => {
    const handover = row.return_handoff_run_id === null || row.return_handoff_run_id === runId ? 'return' : 'repayment';
    return {
      payoutId: row.id,
      repaymentId: row.repayment_id,
      handover,
      creditNoteNumber: row.number,
      trainerName: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
      trainerNumber: row.source_id,
      endToEndId: row.end_to_end_id,
      status: row.status,
      amountCents: row.amount_cents,
      // A rejected payment never left the account: all of it is there again, and no bank kept a fee.
      returnedCents: row.status === 'rejected' ? row.amount_cents : row.returned_cents,
      feeCents: row.status === 'rejected' ? 0 : (row.fee_cents ?? 0),
      reasonCode: row.reason_code,
      bookingDate: row.booking_date,
      bankReference: row.bank_reference,
      repaidByEndToEndId: row.repayment_end_to_end_id,
      repaymentAmountCents: row.repayment_cents,
      repaymentStatus: row.repayment_status,
    };
  });
}

/**
 * Records that run `runId`'s accounting e-mail carried these rows: their returns and the repayments
 * listed with them. Only rows no other e-mail carried are marked (a resend marks nothing new twice).
 */
export async function markPayoutReturnsHandedOff(em: EntityManager, { runId, rows }: { runId: number; rows: readonly PayoutReturnHandoffRow[] }): Promise<void> {
  const returns = rows.filter((row) => row.handover === 'return').map((row) => row.payoutId);
  const repayments = rows.flatMap((row) => (row.repaymentId === null ? [] : [row.repaymentId]));
  if (returns.length > 0) await sql(em, 'update payout set return_handoff_run_id = ?, updated_at = now() where id = any(?::int[]) and return_handoff_run_id is null', [runId, idArray(returns)]);
  if (repayments.length > 0) await sql(em, 'update payout set repayment_handoff_run_id = ?, updated_at = now() where id = any(?::int[]) and repayment_handoff_run_id is null', [runId, idArray(repayments)]);
}

/** One hand-off at a time per studio group (two runs' e-mails sent at once must not both carry a return). */
export async function lockPayoutHandoff(em: EntityManager, studioGroupId: number): Promise<void> {
  await sql(em, `select pg_advisory_xact_lock(hashtext('payout-returns-handoff'), ?::int)`, [studioGroupId]);
}
