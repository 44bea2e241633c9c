import { describe, expect, it } from 'vitest';
import type { TAdminTrainer } from '../../../../contracts/trainer-overview.contract';
import { EMPTY_FILTERS, filterTrainers, formatUpdated } from './overview-filters';

const trainer = (name: string, values: Partial<TAdminTrainer> = {}): TAdminTrainer => ({
  id: name.length,
  trainerUuid: name,
  trainerName: name,
  isEmployee: false,
  trainerEmailValid: true,
  workflowState: 'new',
  trainerAccountConnected: false,
  trainerFilters: [],
  updatedDt: '2026-10-01T10:00:00.000Z',
  ibanChangePending: false,
  ...values,
});

const list = [
  trainer('Anna Beispiel', { trainerFilters: [{ name: 'Yoga' }], updatedDt: '2026-11-02T08:00:00.000Z' }),
  trainer('Bert Muster', { isEmployee: true, workflowState: 'approved', updatedDt: '2026-10-31T23:30:00.000Z' }),
  trainer('Carla Test', { trainerEmailValid: false, trainerAccountConnected: true, updatedDt: null }),
];
const names = (filters = {}) => filterTrainers(list, { ...EMPTY_FILTERS, ...filters }).map((item) => item.trainerName);

describe('trainer overview filters (spec 2.20, 5)', () => {
  it('matches name and keyword case-insensitively as substrings', () => {
    expect(names({ name: 'BEI' })).toEqual(['Anna Beispiel']);
    expect(names({ keyword: 'yo' })).toEqual(['Anna Beispiel']);
  });
  it('tests the boolean selects and the status by equality', () => {
    expect(names({ isEmployee: 'yes' })).toEqual(['Bert Muster']);
    expect(names({ emailValid: 'no' })).toEqual(['Carla Test']);
    expect(names({ accountConnected: 'yes' })).toEqual(['Carla Test']);
    expect(names({ status: 'approved' })).toEqual(['Bert Muster']);
  });
  it('keeps trainers updated on or after the day (Berlin time) and sorts by the updated date', () => {
    // 2026-10-31T23:30Z is 1 November in Berlin.
    expect(names({ updatedFrom: '2026-11-01' })).toEqual(['Anna Beispiel', 'Bert Muster']);
    expect(names({ sort: 'asc' })).toEqual(['Carla Test', 'Bert Muster', 'Anna Beispiel']);
    expect(names()).toEqual(['Anna Beispiel', 'Bert Muster', 'Carla Test']);
  });
  it('shows the updated date as dd.mm.yyyy or -', () => {
    expect(formatUpdated('2026-10-31T23:30:00.000Z')).toBe('01.11.2026');
    expect(formatUpdated(null)).toBe('-');
  });
});
