import { describe, expect, it } from 'vitest';
import type { TCreditNoteRow } from '../../../../contracts/review.contract';
import { currentApproval, formatApprovalTime, formatClassDateTime, groupRowsByLocation, isApproved } from './review-format';

// 2026-03-02 13:05 UTC = 14:05 in Berlin (CET).
const MONDAY = Date.UTC(2026, 2, 2, 13, 5) / 1000;

describe('review formats', () => {
  it('shows approvals as dddd, MMMM Do YYYY, HH:mm in Berlin time and the page language', () => {
    expect(formatApprovalTime(MONDAY, 'en')).toBe('Monday, March 2nd 2026, 14:05');
    expect(formatApprovalTime(MONDAY, 'de')).toBe('Montag, 2. März 2026, 14:05');
  });

  it('shows class times as DD.MM.YYYY HH:mm in Berlin time', () => {
    expect(formatClassDateTime('2026-07-31T22:30:00Z')).toBe('01.08.2026 00:30');
    expect(formatClassDateTime(null)).toBe('');
  });

  it('reads the newest approval entry; the string false is none', () => {
    expect(currentApproval('false')).toBeNull();
    expect(isApproved([{ approved: true, user: 'A', timestamp: 2 }, { approved: false, user: 'A', timestamp: 1 }])).toBe(true);
    expect(isApproved([{ approved: false, user: 'A', timestamp: 2 }])).toBe(false);
  });

  it('groups rows by location in the order given', () => {
    const row = (studio_uuid: string, studio_name: string) => ({ studio_uuid, studio_name }) as TCreditNoteRow;
    const groups = groupRowsByLocation([row('a', 'Mitte'), row('a', 'Mitte'), row('b', 'Nord'), row('admin', 'Admin')]);
    expect(groups.map((group) => [group.studioName, group.rows.length, group.isAdmin])).toEqual([
      ['Mitte', 2, false],
      ['Nord', 1, false],
      ['Admin', 1, true],
    ]);
  });
});
