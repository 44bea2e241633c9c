import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPayoutSummary } from '../../contracts/payouts.contract';
import { reasonText } from '../../domain/payouts';
import { Payout } from '../entities';

/**
 * What became of each credit note's payment, as the lists beside a credit note show it (the
 * trainer's credit-note list, the settlement summary): its first payout and, once a failed one was
 * paid again, the repayment's state. A credit note without a payout (before payouts were recorded,
 * or not paid by SEPA) has no entry.
 */
export async function payoutSummariesOf(em: EntityManager, creditNoteIds: readonly number[], locale: string): Promise<Map<number, TPayoutSummary>> {
  if (creditNoteIds.length === 0) return new Map();
  const payouts = await em.find(Payout, { creditNote: { $in: [...creditNoteIds] } }, { orderBy: { id: 'asc' } });
  const repaymentOf = new Map(payouts.filter((payout) => payout.repays).map((payout) => [payout.repays!.id, payout]));
  const summaries = new Map<number, TPayoutSummary>();
  for (const payout of payouts) {
    if (payout.repays) continue;
    const repayment = repaymentOf.get(payout.id);
    const failed = payout.status === 'returned' || payout.status === 'rejected';
    summaries.set(payout.creditNote.id, {
      payoutUuid: payout.uuid,
      status: payout.status,
      paidOn: payout.status === 'paid' ? isoDate(payout.bookingDate) : repayment?.status === 'paid' ? isoDate(repayment.bookingDate) : null,
      reason: failed ? (payout.reasonCode ? reasonText(payout.reasonCode, locale) : (payout.reasonText ?? reasonText(null, locale))) : null,
      reasonCode: failed ? (payout.reasonCode?.trim().toUpperCase() || null) : null,
      endToEndId: payout.endToEndId,
      repaidBy: repayment ? { payoutUuid: repayment.uuid, status: repayment.status, endToEndId: repayment.endToEndId } : null,
    });
  }
  return summaries;
}

const isoDate = (value: string | Date | null | undefined) => (value ? (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)) : null);
