import { CreditNote, Payout } from '../../db/entities';
import type { IssuedCreditNote } from './credit-notes';
import type { Stack } from './stack';

/**
 * The open payout the credit-note run writes beside a credit note's SEPA payment, for a credit note
 * issued directly (support/credit-notes.ts); the one already there if the helper (or a real run) wrote it.
 */
export async function openPayoutFor(stack: Stack, note: Pick<IssuedCreditNote, 'creditNoteUuid' | 'number' | 'runUuid'>, creditorIban = 'DE02120300000000202051') {
  const em = stack.orm.em.fork();
  const creditNote = await em.findOneOrFail(CreditNote, { uuid: note.creditNoteUuid }, { populate: ['settlementRun', 'trainer', 'studioGroup'] });
  const existing = await em.findOne(Payout, { creditNote, repays: null });
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

/** What a bank file would have set on a payout (without the file): paid, or rejected/returned with a reason code. */
export async function bankSaid(stack: Stack, payoutUuid: string, word: { status: 'paid' | 'rejected' | 'returned'; bookingDate: string; reasonCode?: string }) {
  const em = stack.orm.em.fork();
  const payout = await em.findOneOrFail(Payout, { uuid: payoutUuid });
  em.assign(payout, { status: word.status, bookingDate: word.bookingDate, reasonCode: word.reasonCode ?? null, bankReference: `TEST-${word.bookingDate}` });
  await em.flush();
  return payout;
}

/** The open repayment (`-R1`) "pay again" writes for a rejected/returned payout. */
export async function repaymentOf(stack: Stack, payoutUuid: string) {
  const em = stack.orm.em.fork();
  const first = await em.findOneOrFail(Payout, { uuid: payoutUuid }, { populate: ['creditNote'] });
  const repayment = em.create(Payout, {
    studioGroup: first.studioGroup,
    creditNote: first.creditNote,
    settlementRun: null,
    trainer: first.trainer,
    endToEndId: `${first.creditNote.number}-R1`,
    amountCents: first.amountCents,
    creditorIban: first.creditorIban,
    creditorName: first.creditorName,
    sepaMessageId: `MSG-R-${first.uuid.slice(0, 8)}`,
    sepaPaymentInfoId: `PMT-R-${first.uuid.slice(0, 8)}`,
    status: 'open',
    repays: first,
  });
  await em.flush();
  return repayment;
}
