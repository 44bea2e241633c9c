import type { TFunction } from 'i18next';
import type { TPayout, TPayoutStatus, TPayoutSummary } from '../../../../contracts/payouts.contract';
import { formatDate } from '../dates';
import type { AppLocale } from '../i18n/locales';

// What a payout's status looks like wherever people look for it: the admin's Payouts screen,
// settlement summary and credit-note run step, and the trainer's credit-note list. One reading of
// the API's payout fields, so the screens cannot say different things about the same payment.

type PayoutStatus = TPayoutStatus;

export type PayoutStatusView = {
  status: PayoutStatus;
  /** The bank's booking date of a paid payout (YYYY-MM-DD). */
  bookingDate?: string | null;
  /** The ISO 20022 reason code of a return or reject (AC04, MS03, …). */
  reasonCode?: string | null;
  /** The reason as the API said it (in the language of the call). */
  reasonText?: string | null;
  /** The second payment of a failed payout, once made. */
  repayment?: { status: PayoutStatus; bookingDate?: string | null } | null;
};

/** A payout as the summaries beside a credit note or trainer answer it (settlement summary, credit-note run). */
export const fromPayoutSummary = (summary: TPayoutSummary): PayoutStatusView => ({
  status: summary.status,
  bookingDate: summary.paidOn,
  reasonCode: summary.reasonCode,
  reasonText: summary.reason,
  repayment: summary.repaidBy ? { status: summary.repaidBy.status } : null,
});

/** A row of the payouts list; `repayment` is looked up in the same list when it is there. */
export const fromPayout = (payout: TPayout, repayment?: TPayout): PayoutStatusView => ({
  status: payout.status,
  bookingDate: payout.bookingDate,
  reasonCode: payout.reasonCode,
  reasonText: payout.reason,
  repayment: payout.repaidByPayoutUuid ? { status: repayment?.status ?? 'open', bookingDate: repayment?.bookingDate } : null,
});

const KNOWN_REASONS = new Set([
  'AC01', 'AC03', 'AC04', 'AC06', 'AC13', 'AG01', 'AG02', 'AM04', 'AM05', 'BE01', 'BE04', 'CNOR', 'DNOR', 'DUPL', 'FF01', 'MD07', 'MS02', 'MS03', 'NARR', 'RC01', 'RR01', 'RR02', 'RR03', 'RR04', 'SL01', 'TM01',
]);

/**
 * The reason of a failed payout in plain words of the page's language: the code's meaning (so a
 * change of language needs no new call), else the API's words, else the bare code.
 */
export function payoutReason(t: TFunction, view: Pick<PayoutStatusView, 'reasonCode' | 'reasonText'>): string {
  const code = view.reasonCode?.trim().toUpperCase();
  if (code && KNOWN_REASONS.has(code)) return t(`payoutStatus.reasons.${code}` as 'payoutStatus.reasons.AC01');
  if (view.reasonText?.trim()) return view.reasonText.trim();
  return code ? t('payoutStatus.unknownReason', { code }) : t('payoutStatus.reasons.MS03');
}

/**
 * The reason as staff read it: the bank's code before its meaning ('AC04 · the account is closed'),
 * since the bank, the camt file and the bank's support all speak of the code. The trainer's side
 * shows the meaning alone (payoutReason).
 */
export function payoutReasonWithCode(t: TFunction, view: Pick<PayoutStatusView, 'reasonCode' | 'reasonText'>): string {
  const code = view.reasonCode?.trim().toUpperCase();
  const reason = payoutReason(t, view);
  // Without a meaning of its own the reason already names the code ('reason code XY').
  return code && (KNOWN_REASONS.has(code) || view.reasonText?.trim()) ? `${code} · ${reason}` : reason;
}

/** The badge's words (staff screens): open / paid on … / returned: code · reason / rejected: code · reason / paid again on …. */
export function payoutStatusLabel(t: TFunction, locale: AppLocale, view: PayoutStatusView): string {
  if (view.repayment?.status === 'paid') {
    return view.repayment.bookingDate ? t('payoutStatus.repaidOn', { date: formatDate(view.repayment.bookingDate, locale) }) : t('payoutStatus.repaid');
  }
  if (view.repayment?.status === 'open') return t('payoutStatus.repaying');
  switch (view.status) {
    case 'paid':
      return view.bookingDate ? t('payoutStatus.paidOn', { date: formatDate(view.bookingDate, locale) }) : t('payoutStatus.paid');
    case 'returned':
      return t('payoutStatus.returnedReason', { reason: payoutReasonWithCode(t, view) });
    case 'rejected':
      return t('payoutStatus.rejectedReason', { reason: payoutReasonWithCode(t, view) });
    default:
      return t('payoutStatus.open');
  }
}

/** The colour of the badge: what needs the staff's action is red. */
export function payoutStatusColor(view: PayoutStatusView): 'gray' | 'green' | 'red' | 'orange' | 'teal' {
  if (view.repayment?.status === 'paid') return 'teal';
  if (view.repayment) return 'orange';
  return view.status === 'paid' ? 'green' : view.status === 'open' ? 'gray' : 'red';
}
