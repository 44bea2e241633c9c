import { describe, expect, it } from 'vitest';
import type { TCreditNoteRow, TPreviewCheckResponse, TPreviewCheckTrainer } from '../../../../contracts/review.contract';
import { formatClassDateTime } from '../shared/class-time';
import { currentApproval, groupRowsByLocation, locationApproval, locationsWithTrainers, trainersToApprove } from './preview-check';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const trainer = (n: number, location: number, approved: 'true' | 'false', company = `Company ${n}`): TPreviewCheckTrainer => ({
  trainer_uuid: uuid(n),
  trainer_id: n,
  trainer_company_name: company,
  trainer_name: `Trainer ${n}`,
  location_uuid: uuid(100 + location),
  workflow_state: 'preview_send',
  has_comments: false,
  approved_by_company: approved,
  approved_by_trainer: 'false',
  trainer_data_complete: true,
  trainer_account_connected: true,
});

const row = (hash: string, studio: string): TCreditNoteRow => ({
  class_hash: hash,
  studio_name: studio,
  studio_uuid: studio,
  class_datetime: '2026-01-15T17:30:00Z',
  class_name: 'Yoga',
  class_duration: 60,
  class_booked_slot: 10,
  value_net: 1,
  value_vat: 0.19,
  value_gross: 1.19,
  vat_rate_basis_points: 1900,
  trainer_uuid: '5f0c2c3e-8f4e-4b8e-9a59-2b1f0f6f3a11',
  trainer_company_name: 'X',
  comment: { class_hash: hash, class_name: 'Yoga', comments: [] },
});

describe('preview check (spec 2.10)', () => {
  it('reads the newest approval entry, none for the string false', () => {
    expect(currentApproval('false')).toBeNull();
    expect(currentApproval([{ approved: true, user: 'Ann', timestamp: 2 }, { approved: false, user: 'Bob', timestamp: 1 }])).toEqual({ approved: true, user: 'Ann', timestamp: 2 });
    expect(locationApproval({ a: [{ approved: true, user: 'Ann', timestamp: 1 }] }, 'a')?.approved).toBe(true);
    expect(locationApproval('false', 'a')).toBeNull();
  });

  it('groups class rows under one header per location, in order', () => {
    const groups = groupRowsByLocation([row('1', 'A'), row('2', 'A'), row('3', 'B'), row('4', 'admin')]);
    expect(groups.map((group) => [group.studioUuid, group.rows.length])).toEqual([['A', 2], ['B', 1], ['admin', 1]]);
  });

  it('filters locations by name and approves each trainer not yet approved once', () => {
    const data: TPreviewCheckResponse = {
      settlementUuid: uuid(1),
      settlementMonth: '2026-01-31',
      locations: [
        { location_uuid: uuid(101), location_name: 'Berlin Mitte' },
        { location_uuid: uuid(102), location_name: 'Hamburg' },
      ],
      trainers: [trainer(1, 1, 'false', 'Zeta'), trainer(2, 1, 'true', 'Alpha'), trainer(1, 2, 'false', 'Zeta')],
    };
    const all = locationsWithTrainers(data, '');
    expect(all.map((location) => [location.name, location.trainers.map((item) => item.trainer_company_name)])).toEqual([
      ['Berlin Mitte', ['Alpha', 'Zeta']],
      ['Hamburg', ['Zeta']],
    ]);
    expect(locationsWithTrainers(data, 'mitte').map((location) => location.name)).toEqual(['Berlin Mitte']);
    expect(trainersToApprove(data.trainers).map((item) => item.trainer_id)).toEqual([1]);
  });

  it('shows class times in Berlin time', () => {
    expect(formatClassDateTime('2026-07-01T08:00:00Z')).toBe('01.07.2026 10:00');
    expect(formatClassDateTime(null)).toBe('');
  });
});
