import { CreditNote, Payout } from '../../db/entities';
import type { IssuedCreditNote } from './credit-notes';
import type { Stack } from './stack';

/**
 * The open payout the credit-note run writes beside a credit note's SEPA payment, for a credit note
 * issued directly (support/credit-notes.ts); the one already there if the helper wrote it.
 */
export async function openPayoutFor(stack: Stack, note: IssuedCreditNote, creditorIban = 'DE02120300000000202051') {
  const em = stack.orm.em.fork();
  const creditNote = await em.findOneOrFail(CreditNote, { uuid: note.creditNoteUuid }, { populate: ['settlementRun', 'trainer', 'studioGroup'] });
  const existing = await em.findOne(Payout, { creditNote });
  if (existing) return existing;
  const payout = em.create(Payout, {
    studioGroup: creditNote.studioGroup,
    creditNote,
    settlementRun: creditNote.settlementRun,
    trainer: creditNote.trainer,
    endToEndId: note.number,
    amountCents: creditNote.grossCents,
    creditorIban,
    creditorName: creditNote.trainer.companyName ?? `${creditNote.trainer.firstname ?? ''} ${creditNote.trainer.lastname ?? ''}`.trim(),
    sepaMessageId: `MSG-${note.runUuid.slice(0, 8)}`,
    sepaPaymentInfoId: `PMT-${note.runUuid.slice(0, 8)}`,
    status: 'open',
  });
  await em.flush();
  return payout;
}
