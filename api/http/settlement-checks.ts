import type { Settlement } from '../../db/entities';
import type { Locale } from '../../domain/messages';
import { isoDateOf, lastDayOfMonth, monthTitle } from '../../domain/settlement/month';
import { badRequest, HttpError } from './errors';

// The checks of a settlement call's request, answered as the screens expect them: a month that is
// no calendar month (400, naming the field), a month that is not the settlement's (409), a
// settlement that is no longer in progress (409). Every feature working on a settlement asks them.

/** The month of a request as its last day; 400 naming the field when it is no calendar month. */
export function parseMonth(value: string, field: string): string {
  const lastDay = lastDayOfMonth(value);
  // Years outside 1900–2999 are typing errors (and year 0 is no date to PostgreSQL): a 400, not a 500.
  const year = lastDay ? Number(lastDay.slice(0, 4)) : 0;
  if (!lastDay || year < 1900 || year > 2999) throw badRequest('validation.fieldMessage', field, { field, reason: 'settlement.monthInvalid' });
  return lastDay;
}

export function assertMonthMatches(settlement: Pick<Settlement, 'month'>, lastDay: string | undefined, locale: Locale) {
  const month = isoDateOf(settlement.month);
  if (lastDay !== undefined && lastDay !== month) {
    throw new HttpError(409, 'settlement.monthMismatch', 'settlementMonth', { month: monthTitle(month, locale), requested: monthTitle(lastDay, locale) });
  }
}

export function assertInProgress(settlement: Settlement) {
  if (settlement.status !== 'in_progress') throw new HttpError(409, 'settlement.notInProgress', undefined, { status: `settlement.status.${settlement.status}` });
}
