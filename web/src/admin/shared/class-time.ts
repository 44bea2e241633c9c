import { DateTime } from 'luxon';

// The times of a settlement's classes, approvals and comments, as the preview check and the
// settlement's trainer comments show them.

/** Class date and time: DD.MM.YYYY HH:mm in German formatting, Berlin time (spec 9). */
export function formatClassDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = DateTime.fromISO(iso, { zone: 'utc' });
  return date.isValid ? date.setZone('Europe/Berlin').toFormat('dd.MM.yyyy HH:mm') : iso;
}

/** Unix seconds (approvals, comments) as ISO, for the shared 'dddd, MMMM Do YYYY, HH:mm' formatter. */
export const unixToIso = (seconds: number) => DateTime.fromSeconds(seconds, { zone: 'Europe/Berlin' }).toISO() ?? '';
