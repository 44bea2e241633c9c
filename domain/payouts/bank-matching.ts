import type { MessageKey, MessageParams } from '../messages';
import { centsToSepaAmount } from '../sepa/pain001';
import { normalizeIban } from '../validation/bank';
import type {
  BankBooking,
  EarlierOutcome,
  EntryPosition,
  MatchInput,
  MatchIssue,
  MatchResult,
  PaymentStatus,
  PayoutForMatching,
  PayoutOutcome,
  PayoutStatus,
} from './bank-file.types';

// Which payout a bank entry speaks about, and whether what it says may be applied. The rules, and
// why, are in docs/decisions/0110-how-bank-files-are-matched.md. In short: match only on references
// TrainerPay wrote (EndToEndId = credit note number, MsgId/PmtInfId of the payout file), check
// amount, currency and IBAN, never guess, and apply nothing that contradicts what is known.
// Pure and O(entries + payouts): every lookup is a Map.

/** pain.002 statuses that say the bank took the payment (it is paid once a statement books it). */
const ACCEPTED = new Set(['ACCP', 'ACSC', 'ACSP', 'ACWC', 'ACTC', 'ACFC', 'ACIS', 'ACCC', 'RCVD']);

const money = (cents: number | null) => (cents === null ? '?' : `${centsToSepaAmount(cents)} EUR`);
const outcomeKey = (outcome: PayoutStatus): MessageKey => `bankMatch.outcome.${outcome}`;

/** Where an entry is in the file and what the bank said about it, so an entry that is not applied can be listed with its date and reason. */
function positionOf(entry: BankBooking | PaymentStatus): EntryPosition {
  if (entry.type === 'booking') {
    const reason = entry.returnReason;
    return {
      entryNumber: entry.entryNumber,
      transactionNumber: entry.transactionNumber,
      bankReference: entry.bankReference,
      endToEndId: entry.endToEndId,
      amountCents: entry.amountCents,
      bookingDate: entry.bookingDate,
      reasonCode: reason?.code ?? reason?.proprietary ?? null,
      reasonText: reason?.additionalInformation ?? null,
    };
  }
  const reason = entry.reasons[0];
  return {
    entryNumber: entry.statusNumber,
    transactionNumber: 0,
    bankReference: entry.statusId,
    endToEndId: entry.endToEndId,
    amountCents: entry.amountCents,
    bookingDate: null,
    reasonCode: reason?.code ?? reason?.proprietary ?? null,
    reasonText: reason?.additionalInformation ?? null,
  };
}

/** A returned transfer: money back for a payout (RtrInf, the ISO or German return code, or a reversal of the debit). */
function isReturn(booking: BankBooking): boolean {
  if (booking.creditDebit === 'DBIT') return booking.reversal;
  if (booking.returnReason !== null || booking.reversal) return true;
  const code = booking.bankTransactionCode ?? '';
  // ISO sub-family RRTN (returned credit transfer); German GVC 159 (Retoure) in the proprietary code.
  return code.endsWith('/RRTN') || /^N[A-Z]{3}\+159(\+|$)/.test(code);
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

class Matcher {
  private readonly byEndToEnd = new Map<string, PayoutForMatching[]>();
  private readonly byFile = new Map<string, PayoutForMatching[]>();
  private readonly byBlock = new Map<string, PayoutForMatching[]>();
  private readonly status = new Map<string, PayoutStatus>();
  private readonly statusReference = new Map<string, string | null>();
  private readonly earlierByReference = new Map<string, EarlierOutcome[]>();
  /** Outcomes given in this file, per payout, to tell a duplicate from a payout paid and returned in one statement. */
  private readonly inThisFile = new Map<string, Set<PayoutOutcome['outcome']>>();
  private readonly result: MatchResult = { outcomes: [], issues: [], alreadyApplied: 0, ignored: 0, accepted: [] };

  constructor(payouts: readonly PayoutForMatching[], earlier: readonly EarlierOutcome[]) {
    for (const payout of payouts) {
      push(this.byEndToEnd, payout.endToEndId, payout);
      push(this.byFile, payout.sepaMessageId, payout);
      push(this.byBlock, `${payout.sepaMessageId}/${payout.paymentInformationId}`, payout);
      this.status.set(payout.payoutUuid, payout.status);
      this.statusReference.set(payout.payoutUuid, payout.statusSource?.bankReference ?? null);
    }
    for (const outcome of earlier) if (outcome.bankReference) push(this.earlierByReference, outcome.bankReference, outcome);
  }

  done(): MatchResult {
    return this.result;
  }

  private issue(kind: MatchIssue['kind'], payout: PayoutForMatching | null, messageKey: MessageKey, params: MessageParams, entry: BankBooking | PaymentStatus): void {
    this.result.issues.push({ kind, payoutUuid: payout?.payoutUuid ?? null, messageKey, params, position: positionOf(entry) });
  }

  /** The payout an EndToEndId names, narrowed to the payout file when the bank names it. */
  private payoutFor(entry: BankBooking | PaymentStatus, endToEndId: string, messageId: string | null): PayoutForMatching | null {
    let candidates = this.byEndToEnd.get(endToEndId) ?? [];
    if (messageId && candidates.length > 1) candidates = candidates.filter((payout) => payout.sepaMessageId === messageId);
    if (candidates.length === 1) return candidates[0];
    if (candidates.length === 0) this.issue('unmatched', null, 'bankMatch.noPayout', { endToEndId }, entry);
    else this.issue('unmatched', null, 'bankMatch.ambiguous', { endToEndId, count: candidates.length }, entry);
    return null;
  }

  /** Amount, currency and IBAN as the bank states them must be the payout's; a missing IBAN is not checked. */
  private agrees(payout: PayoutForMatching, entry: BankBooking | PaymentStatus, amountCents: number | null, options: { atMost?: boolean } = {}): boolean {
    const endToEndId = payout.endToEndId;
    if (entry.currency !== null && entry.currency !== '' && entry.currency !== payout.currency) {
      this.issue('mismatch', payout, 'bankMatch.currencyDiffers', { endToEndId, currency: entry.currency, expected: payout.currency }, entry);
      return false;
    }
    if (amountCents === null) {
      if (entry.type === 'status') return true;
      this.issue('mismatch', payout, 'bankMatch.amountMissing', { endToEndId }, entry);
      return false;
    }
    if (options.atMost ? amountCents > payout.amountCents : amountCents !== payout.amountCents) {
      const key = options.atMost ? 'bankMatch.returnedMoreThanPaid' : 'bankMatch.amountDiffers';
      this.issue('mismatch', payout, key, { endToEndId, amount: money(amountCents), expected: money(payout.amountCents) }, entry);
      return false;
    }
    if (entry.creditorIban && entry.creditorIban !== normalizeIban(payout.creditorIban)) {
      this.issue('mismatch', payout, 'bankMatch.ibanDiffers', { endToEndId, iban: entry.creditorIban, expected: normalizeIban(payout.creditorIban) }, entry);
      return false;
    }
    return true;
  }

  /**
   * Applies an outcome unless it repeats one already recorded (a file uploaded again), repeats one
   * of this file (a duplicate), or contradicts the payout's status or an earlier use of the reference.
   */
  private propose(payout: PayoutForMatching, outcome: PayoutOutcome, entry: BankBooking | PaymentStatus, options: { shared?: boolean } = {}): void {
    const uuid = payout.payoutUuid;
    const endToEndId = payout.endToEndId;
    const reference = outcome.bankReference;
    const given = this.inThisFile.get(uuid);
    if (given?.has(outcome.outcome)) {
      // A payout rejected by its own status and by its block's or the file's: one rejection.
      if (outcome.outcome !== 'rejected') this.issue('duplicate', payout, 'bankMatch.duplicate', { endToEndId }, entry);
      return;
    }
    const earlier = reference ? this.earlierByReference.get(reference) : undefined;
    if (earlier) {
      const other = earlier.find((record) => record.outcome !== outcome.outcome || (!options.shared && record.payoutUuid !== uuid));
      if (earlier.some((record) => record.payoutUuid === uuid && record.outcome === outcome.outcome)) {
        this.result.alreadyApplied += 1;
        return;
      }
      if (other) {
        this.issue('contradiction', payout, 'bankMatch.referenceReused', { bankReference: reference ?? '', current: outcomeKey(other.outcome), outcome: outcomeKey(outcome.outcome) }, entry);
        return;
      }
    }
    const current = this.status.get(uuid) ?? 'open';
    const allowed: Record<PayoutOutcome['outcome'], PayoutStatus[]> = {
      paid: ['open', 'repaid'],
      rejected: ['open'],
      returned: ['open', 'paid', 'repaid'],
    };
    if (!allowed[outcome.outcome].includes(current)) {
      if (current === outcome.outcome) {
        const known = this.statusReference.get(uuid) ?? null;
        if (outcome.outcome === 'rejected' || known === null || reference === null || known === reference) this.result.alreadyApplied += 1;
        // The same payout booked (or returned) again under another reference: the bank moved money twice.
        else this.issue('duplicate', payout, 'bankMatch.bookedTwice', { endToEndId, bankReference: reference, earlierReference: known, outcome: outcomeKey(outcome.outcome) }, entry);
        return;
      }
      this.issue('contradiction', payout, 'bankMatch.contradiction', { endToEndId, current: outcomeKey(current), outcome: outcomeKey(outcome.outcome) }, entry);
      return;
    }
    this.result.outcomes.push(outcome);
    this.status.set(uuid, outcome.outcome);
    this.statusReference.set(uuid, reference);
    if (given) given.add(outcome.outcome);
    else this.inThisFile.set(uuid, new Set([outcome.outcome]));
  }

  // --- camt.053 / camt.054 -----------------------------------------------------------------------

  matchBookings(bookings: BankBooking[]): void {
    // Debits first, returns second: a payout paid and returned within one statement is both, in that
    // order, whatever order the bank lists the entries in.
    const returns: BankBooking[] = [];
    const batchesDone = new Set<number>();
    for (const booking of bookings) {
      if (booking.status !== 'BOOK') {
        // Pending and information-only entries move no money yet; the booked entry will come.
        this.result.ignored += 1;
      } else if (isReturn(booking)) {
        returns.push(booking);
      } else if (booking.creditDebit === 'CRDT') {
        this.matchOtherCredit(booking);
      } else if (booking.endToEndId === null && booking.batchMessageId !== null) {
        if (!batchesDone.has(booking.entryNumber)) this.matchBatch(booking);
        batchesDone.add(booking.entryNumber);
      } else if (booking.endToEndId === null) {
        // Fees, card payments, other transfers of the account: nothing TrainerPay sent.
        this.result.ignored += 1;
      } else {
        this.matchDebit(booking);
      }
    }
    for (const booking of returns) this.matchReturn(booking);
  }

  private matchDebit(booking: BankBooking): void {
    const payout = this.payoutFor(booking, booking.endToEndId ?? '', booking.batchMessageId);
    if (!payout || !this.agrees(payout, booking, booking.amountCents)) return;
    this.propose(payout, {
      outcome: 'paid',
      payoutUuid: payout.payoutUuid,
      bookingDate: booking.bookingDate,
      valueDate: booking.valueDate,
      bankReference: booking.bankReference,
      byBatchSum: false,
      position: positionOf(booking),
    }, booking);
  }

  /**
   * A batch booking the bank does not split: every payout of the file (or its payment block) is
   * paid when the sum and the count agree — less the payouts already rejected, which the bank did not execute.
   */
  private matchBatch(booking: BankBooking): void {
    const messageId = booking.batchMessageId ?? '';
    const inFile = booking.batchPaymentInformationId ? this.byBlock.get(`${messageId}/${booking.batchPaymentInformationId}`) : this.byFile.get(messageId);
    if (!inFile) {
      this.issue('unmatched', null, 'bankMatch.noPayoutFile', { messageId }, booking);
      return;
    }
    const executed = inFile.filter((payout) => this.status.get(payout.payoutUuid) !== 'rejected');
    const sum = executed.reduce((total, payout) => total + payout.amountCents, 0);
    const countAgrees = booking.withoutDetails ? booking.entryTransactionCount <= 1 || booking.entryTransactionCount === executed.length : true;
    if (sum !== booking.entryAmountCents || !countAgrees || executed.some((payout) => payout.currency !== booking.currency)) {
      this.issue('mismatch', null, 'bankMatch.batchSumDiffers', {
        messageId,
        amount: money(booking.entryAmountCents),
        count: booking.entryTransactionCount,
        expected: money(sum),
        expectedCount: executed.length,
      }, booking);
      return;
    }
    for (const payout of executed) {
      this.propose(payout, {
        outcome: 'paid',
        payoutUuid: payout.payoutUuid,
        bookingDate: booking.bookingDate,
        valueDate: booking.valueDate,
        bankReference: booking.bankReference,
        byBatchSum: true,
        position: positionOf(booking),
      }, booking, { shared: true });
    }
  }

  private matchReturn(booking: BankBooking): void {
    if (booking.endToEndId === null) {
      this.issue('unmatched', null, 'bankMatch.returnWithoutReference', { amount: money(booking.amountCents) }, booking);
      return;
    }
    const payout = this.payoutFor(booking, booking.endToEndId, booking.batchMessageId);
    if (!payout || !this.agrees(payout, booking, booking.amountCents, { atMost: true })) return;
    const returnedCents = booking.amountCents ?? 0;
    const reason = booking.returnReason;
    this.propose(payout, {
      outcome: 'returned',
      payoutUuid: payout.payoutUuid,
      reasonCode: reason?.code ?? reason?.proprietary ?? null,
      reasonText: reason?.additionalInformation ?? null,
      returnedCents,
      feeCents: booking.chargesCents,
      partial: returnedCents < payout.amountCents,
      bookingDate: booking.bookingDate,
      bankReference: booking.bankReference,
      position: positionOf(booking),
    }, booking);
  }

  /** Money in that is not marked as a return: if it carries a payout's reference, say so instead of guessing. */
  private matchOtherCredit(booking: BankBooking): void {
    const payouts = booking.endToEndId ? this.byEndToEnd.get(booking.endToEndId) : undefined;
    if (!payouts) {
      this.result.ignored += 1;
      return;
    }
    this.issue('unmatched', payouts.length === 1 ? payouts[0] : null, 'bankMatch.creditNotReturn', { endToEndId: booking.endToEndId ?? '', amount: money(booking.amountCents) }, booking);
  }

  // --- pain.002 ----------------------------------------------------------------------------------

  matchStatuses(statuses: PaymentStatus[], originalMessageId: string | null): void {
    const messageId = originalMessageId ?? '';
    const first = statuses[0];
    if (!this.byFile.has(messageId)) {
      if (first) this.issue('unmatched', null, 'bankMatch.noPayoutFile', { messageId }, first);
      else this.result.ignored += 1;
      return;
    }
    // The most precise first: a payout's own status and reason win over its block's and the file's.
    const order: PaymentStatus['level'][] = ['transaction', 'paymentInformation', 'group'];
    for (const level of order) {
      for (const status of statuses) if (status.level === level) this.matchStatus(status, messageId);
    }
  }

  private matchStatus(status: PaymentStatus, messageId: string): void {
    const reason = status.reasons[0];
    const rejection = (payout: PayoutForMatching, key: string): PayoutOutcome => ({
      outcome: 'rejected',
      payoutUuid: payout.payoutUuid,
      level: status.level,
      reasonCode: reason?.code ?? reason?.proprietary ?? null,
      reasonText: reason?.additionalInformation ?? null,
      bankReference: `${messageId}/${status.level}/${key}`,
      position: positionOf(status),
    });

    if (status.level === 'transaction') {
      const payout = this.payoutFor(status, status.endToEndId ?? '', messageId);
      if (!payout) return;
      if (payout.sepaMessageId !== messageId) {
        this.issue('unmatched', null, 'bankMatch.noPayout', { endToEndId: payout.endToEndId }, status);
        return;
      }
      if (status.status === 'RJCT') {
        if (this.agrees(payout, status, status.amountCents)) this.propose(payout, rejection(payout, payout.endToEndId), status);
      } else if (ACCEPTED.has(status.status)) this.result.accepted.push(payout.payoutUuid);
      else this.result.ignored += 1;
      return;
    }
    if (status.status !== 'RJCT') {
      // ACCP, PART, PDNG of a block or the file: the payouts' own statuses say what matters.
      this.result.ignored += 1;
      return;
    }
    const blockId = status.originalPaymentInformationId;
    const payouts = status.level === 'group' ? this.byFile.get(messageId) : this.byBlock.get(`${messageId}/${blockId ?? ''}`);
    if (!payouts) {
      this.issue('unmatched', null, 'bankMatch.noPayoutFile', { messageId: `${messageId}/${blockId ?? ''}` }, status);
      return;
    }
    for (const payout of payouts) this.propose(payout, rejection(payout, blockId ?? ''), status, { shared: true });
  }
}

/**
 * Decides, per payout, what a bank file says about it: paid, rejected, returned, or nothing. Entries
 * it cannot apply are listed as issues (unmatched, mismatch, duplicate, contradiction), never guessed.
 * Pure: the caller stores the outcomes and the issues.
 */
export function matchBankEntries({ identity, entries, payouts, earlier }: MatchInput): MatchResult {
  const matcher = new Matcher(payouts, earlier);
  if (identity.kind === 'pain.002') {
    matcher.matchStatuses(entries.filter((entry): entry is PaymentStatus => entry.type === 'status'), identity.originalMessageId);
  } else {
    matcher.matchBookings(entries.filter((entry): entry is BankBooking => entry.type === 'booking'));
  }
  return matcher.done();
}
