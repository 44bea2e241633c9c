import type { TApprovalEntry, TApprovalValue, TCreditNoteRow } from '../../../../contracts/review.contract';
import type { AppLocale } from '../../shared/i18n/locales';
import { formatBerlinDateTime, formatSettlementTime } from '../../shared/dates';


// How the review screen shows times and approvals (trainer portal 2 "Credit-note review with
// approvals", 9). Times are Berlin time whatever the browser's zone: the settlement month is a
// Berlin month.

/** Spec 9: approvals as 'dddd, MMMM Do YYYY, HH:mm' in the page language ('Monday, March 2nd 2026, 14:05'). */
export function formatApprovalTime(unixSeconds: number, locale: AppLocale): string {
  return formatSettlementTime(new Date(unixSeconds * 1000), locale);
}

/** A class's start as DD.MM.YYYY HH:mm (Berlin); '' for admin rows without a time. */
export const formatClassDateTime = (iso: string | null): string => formatBerlinDateTime(iso);

/** The current state of an approval value: lists are newest first; 'false' is "never toggled". */
export function currentApproval(value: TApprovalValue | TApprovalEntry[] | undefined): TApprovalEntry | null {
  if (!value || value === 'false') return null;
  return value[0] ?? null;
}

export const isApproved = (value: TApprovalValue | TApprovalEntry[] | undefined) => currentApproval(value)?.approved === true;

/** Admin positions (spec: 'Administration' rows) have the admin pseudo location and no class time. */
export const isAdminRow = (row: Pick<TCreditNoteRow, 'studio_name' | 'studio_uuid'>) => row.studio_name === 'Admin' || row.studio_uuid === 'admin';

export type LocationGroup = { studioUuid: string; studioName: string; isAdmin: boolean; rows: TCreditNoteRow[] };

/** Rows under one sub-headline per location, in the server's order (by studio, then time; admin rows last). */
export function groupRowsByLocation(rows: readonly TCreditNoteRow[]): LocationGroup[] {
  const groups: LocationGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.studioUuid === row.studio_uuid) last.rows.push(row);
    else groups.push({ studioUuid: row.studio_uuid, studioName: row.studio_name, isAdmin: isAdminRow(row), rows: [row] });
  }
  return groups;
}
