import type { EntityManager } from '@mikro-orm/postgresql';
import { billingEligibility, type BillingRefusal } from '../../domain/credit-notes';
import type { MessageKey } from '../../domain/messages';
import type { TSepaPayment } from '../../domain/sepa';
import { trainerDisplayName } from '../../domain/trainer-data';
import { isSepaIban, normalizeIban } from '../../domain/validation/bank';
import { billingFactsOf, readBillingFacts } from '../queries/billing-facts';
import { idArray } from '../queries/id-array';
import { sql } from '../queries/sql';

// Payouts as the SEPA files record them (decision 0115): a row per payment TrainerPay writes, under
// the end-to-end id the file carries, inserted where the file is built. The credit-note run and
// "pay again" both go through here, so a rejected or returned payout is repaid once whichever
// comes first: `payout.repays_id` is unique, and the repayment is claimed by the file (its MsgId)
// before the file is written, so a retried build finds its own claims again.

/** A SEPA payment and, for a repayment, the payout row claimed for it. */
export type PayoutPayment = TSepaPayment & { endToEndId: string; repayment: { payoutUuid: string; repaysUuid: string } | null };

type CandidateRow = {
  id: number;
  uuid: string;
  end_to_end_id: string;
  amount_cents: number;
  credit_note_id: number;
  credit_note_number: string;
  settlement_month: string;
  trainer_id: number;
  trainer_uuid: string;
};

/** Why a rejected/returned payout may not be paid again now: the billing rule's first refusal, or null. */
export type RepaymentRefusal = { payoutUuid: string; reason: BillingRefusal | 'invalidIban' | 'notRepayable' };

/** `GS-2026-00042` → `GS-2026-00042-R1`; a repayment returned again → `-R2`. */
export function repaymentEndToEndId(creditNoteNumber: string, repaidEndToEndId: string): string {
  const match = /-R(\d+)$/.exec(repaidEndToEndId);
  return `${creditNoteNumber}-R${match ? Number(match[1]) + 1 : 1}`;
}

/**
 * The rejected/returned payouts of the group not yet repaid, each with whether its trainer may be
 * paid now (the one billing-eligibility rule, without a settlement: the repayment pays an issued
 * credit note) and the account it would go to (the trainer record: the corrected IBAN).
 */
export async function repayableCandidates(em: EntityManager, { studioGroupId, payoutUuids }: { studioGroupId: number; payoutUuids?: readonly string[] | undefined }) {
  const rows = await sql<CandidateRow>(
    em,
    `select p.id, p.uuid, p.end_to_end_id, p.amount_cents, p.credit_note_id, cn.number as credit_note_number,
            to_char(s.month, 'YYYY-MM-DD') as settlement_month, p.trainer_id, t.uuid as trainer_uuid
       from payout p
       join credit_note cn on cn.id = p.credit_note_id
       join settlement_run sr on sr.id = cn.settlement_run_id
       join settlement s on s.id = sr.settlement_id
       join trainer t on t.id = p.trainer_id
      where p.studio_group_id = ? and p.status in ('rejected', 'returned')
        and not exists (select 1 from payout r where r.repays_id = p.id)
        ${payoutUuids ? 'and p.uuid = any(?::uuid[])' : ''}
      order by p.id`,
    payoutUuids ? [studioGroupId, idArray(payoutUuids)] : [studioGroupId],
  );
  if (rows.length === 0) return [];
  const facts = new Map(
    (await readBillingFacts(em, { studioGroupId, trainerIds: [...new Set(rows.map((row) => row.trainer_id))] })).map((row) => [row.trainer_id, row]),
  );
  const records = new Map(
    (
      await sql<{ id: number; firstname: string | null; lastname: string | null; company_name: string | null; street: string | null; house_number: string | null; postal_code: string | null; city: string | null; country: string | null; iban: string | null; bic: string | null }>(
        em,
        'select id, firstname, lastname, company_name, street, house_number, postal_code, city, country, iban, bic from trainer where id = any(?::int[])',
        [idArray([...new Set(rows.map((row) => row.trainer_id))])],
      )
    ).map((row) => [row.id, row]),
  );
  return rows.map((row) => {
    const fact = facts.get(row.trainer_id);
    const record = records.get(row.trainer_id)!;
    const eligibility = fact ? billingEligibility(billingFactsOf(fact, { inSettlement: false })) : { billable: false, reasons: ['incompleteData' as BillingRefusal] };
    const iban = normalizeIban(record.iban ?? '');
    const refusal: RepaymentRefusal['reason'] | null = !eligibility.billable ? eligibility.reasons[0]! : isSepaIban(iban) ? null : 'invalidIban';
    const payment: PayoutPayment = {
      creditNoteNumber: row.credit_note_number,
      endToEndId: repaymentEndToEndId(row.credit_note_number, row.end_to_end_id),
      amountCents: row.amount_cents,
      serviceMonth: row.settlement_month,
      creditor: {
        name: trainerDisplayName({ firstname: record.firstname, lastname: record.lastname, companyName: record.company_name }),
        address: { street: record.street, houseNumber: record.house_number, postalCode: record.postal_code, city: record.city ?? '', country: record.country ?? 'DE' },
        iban,
        bic: record.bic?.trim() || null,
      },
      repayment: { payoutUuid: '', repaysUuid: row.uuid },
    };
    return { row, refusal, payment };
  });
}

/**
 * The message key of a repayment refusal, for the screens: the payouts catalogue's own words. The
 * credit-note run's texts (creditNote.refused.*) name a trainer placeholder and a credit note not
 * created, which is not what a repayment of an issued credit note is refused for.
 */
export const repaymentRefusalKey = (reason: RepaymentRefusal['reason']): MessageKey => `payouts.refused.${reason}`;

/**
 * Claims the repayments a SEPA file (its MsgId) pays: those it claimed before (a retried build) and
 * every rejected/returned payout not yet repaid whose trainer may be paid (only `payoutUuids` when
 * given). Each claim is an open payout row `repays` → the first; a payout another file claimed
 * meanwhile is skipped (the unique repays_id).
 */
export async function claimRepayments(
  em: EntityManager,
  { studioGroupId, settlementRunId, messageId, filePath, payoutUuids }: { studioGroupId: number; settlementRunId: number | null; messageId: string; filePath: string; payoutUuids?: readonly string[] },
): Promise<PayoutPayment[]> {
  const candidates = (await repayableCandidates(em, { studioGroupId, payoutUuids })).filter((candidate) => candidate.refusal === null);
  for (const { row, payment } of candidates) {
    await sql(
      em,
      `insert into payout (uuid, studio_group_id, credit_note_id, settlement_run_id, trainer_id, end_to_end_id, amount_cents, creditor_iban, creditor_name,
                           sepa_message_id, sepa_payment_info_id, sepa_file_path, status, repays_id, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, now(), now())
       on conflict do nothing`,
      [studioGroupId, row.credit_note_id, settlementRunId, row.trainer_id, payment.endToEndId, payment.amountCents, payment.creditor.iban, payment.creditor.name, messageId, messageId, filePath, row.id],
    );
  }
  return claimedRepayments(em, { studioGroupId, messageId });
}

/** The repayments claimed by this SEPA file, as its payments. */
async function claimedRepayments(em: EntityManager, { studioGroupId, messageId }: { studioGroupId: number; messageId: string }): Promise<PayoutPayment[]> {
  const rows = await sql<{ uuid: string; repays_uuid: string; end_to_end_id: string; amount_cents: number; creditor_iban: string; creditor_name: string; number: string; month: string; street: string | null; house_number: string | null; postal_code: string | null; city: string | null; country: string | null; bic: string | null }>(
    em,
    `select p.uuid, o.uuid as repays_uuid, p.end_to_end_id, p.amount_cents, p.creditor_iban, p.creditor_name, cn.number, to_char(s.month, 'YYYY-MM-DD') as month,
            t.street, t.house_number, t.postal_code, t.city, t.country, t.bic
       from payout p join payout o on o.id = p.repays_id
       join credit_note cn on cn.id = p.credit_note_id join settlement_run sr on sr.id = cn.settlement_run_id join settlement s on s.id = sr.settlement_id
       join trainer t on t.id = p.trainer_id
      where p.studio_group_id = ? and p.sepa_message_id = ?
      order by p.id`,
    [studioGroupId, messageId],
  );
  return rows.map((row) => ({
    creditNoteNumber: row.number,
    endToEndId: row.end_to_end_id,
    amountCents: row.amount_cents,
    serviceMonth: row.month,
    creditor: {
      name: row.creditor_name,
      address: { street: row.street, houseNumber: row.house_number, postalCode: row.postal_code, city: row.city ?? '', country: row.country ?? 'DE' },
      iban: row.creditor_iban,
      bic: row.bic?.trim() || null,
    },
    repayment: { payoutUuid: row.uuid, repaysUuid: row.repays_uuid },
  }));
}

/** Releases the claims of repayments the file could not carry after all (left out), so a later file pays them. */
export async function releaseRepayments(em: EntityManager, { studioGroupId, messageId, keepEndToEndIds }: { studioGroupId: number; messageId: string; keepEndToEndIds: readonly string[] }): Promise<void> {
  await sql(
    em,
    `delete from payout where studio_group_id = ? and sepa_message_id = ? and repays_id is not null and status = 'open' and not (end_to_end_id = any(?::text[]))`,
    [studioGroupId, messageId, `{${keepEndToEndIds.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`],
  );
}

/**
 * The payouts of a run's SEPA file: one open payout per credit note it pays, keyed by the end-to-end
 * id (a retried build inserts nothing twice). Repayments were recorded when claimed.
 */
export async function recordRunPayouts(
  em: EntityManager,
  { studioGroupId, settlementRunId, messageId, filePath, payments }: { studioGroupId: number; settlementRunId: number; messageId: string; filePath: string; payments: readonly TSepaPayment[] },
): Promise<void> {
  const firsts = payments.filter((payment) => (payment.endToEndId ?? payment.creditNoteNumber) === payment.creditNoteNumber);
  if (firsts.length === 0) return;
  await sql(
    em,
    `insert into payout (uuid, studio_group_id, credit_note_id, settlement_run_id, trainer_id, end_to_end_id, amount_cents, creditor_iban, creditor_name,
                         sepa_message_id, sepa_payment_info_id, sepa_file_path, status, created_at, updated_at)
     select gen_random_uuid(), cn.studio_group_id, cn.id, ?, cn.trainer_id, cn.number, x.amount_cents, x.iban, x.name, ?, ?, ?, 'open', now(), now()
       from jsonb_to_recordset(?::jsonb) as x(number text, amount_cents int, iban text, name text)
       join credit_note cn on cn.studio_group_id = ? and cn.number = x.number and cn.document_type = 'credit_note'
     on conflict (studio_group_id, end_to_end_id) do nothing`,
    [
      settlementRunId,
      messageId,
      messageId,
      filePath,
      JSON.stringify(firsts.map((payment) => ({ number: payment.creditNoteNumber, amount_cents: payment.amountCents, iban: normalizeIban(payment.creditor.iban), name: payment.creditor.name }))),
      studioGroupId,
    ],
  );
}
