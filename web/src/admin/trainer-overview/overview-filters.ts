import type { TAdminTrainer, TAdminTrainerState } from '../../../../contracts/trainer-overview.contract';

// Spec 2.20 / 5: the overview's filters run in the browser. Name and keyword are case-insensitive
// substring matches; the boolean selects test true or false; status is equality; 'Aktualisiert ab'
// keeps trainers updated on or after the date. Sorting by the updated date, newest or oldest first.

export type BooleanFilter = 'all' | 'yes' | 'no';
export type OverviewFilters = {
  name: string;
  keyword: string;
  isEmployee: BooleanFilter;
  emailValid: BooleanFilter;
  status: TAdminTrainerState | 'all';
  accountConnected: BooleanFilter;
  /** YYYY-MM-DD or '' (no filter). */
  updatedFrom: string;
  sort: 'desc' | 'asc';
};

export const EMPTY_FILTERS: OverviewFilters = {
  name: '',
  keyword: '',
  isEmployee: 'all',
  emailValid: 'all',
  status: 'all',
  accountConnected: 'all',
  updatedFrom: '',
  sort: 'desc',
};

const matchesBoolean = (filter: BooleanFilter, value: boolean) => filter === 'all' || (filter === 'yes') === value;

/** The calendar day (Europe/Berlin) of an instant, YYYY-MM-DD. */
export function berlinDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export function filterTrainers(trainers: readonly TAdminTrainer[], filters: OverviewFilters): TAdminTrainer[] {
  const name = filters.name.trim().toLocaleLowerCase('de');
  const keyword = filters.keyword.trim().toLocaleLowerCase('de');
  const shown = trainers.filter(
    (trainer) =>
      (!name || trainer.trainerName.toLocaleLowerCase('de').includes(name)) &&
      (!keyword || trainer.trainerFilters.some((entry) => entry.name.toLocaleLowerCase('de').includes(keyword))) &&
      matchesBoolean(filters.isEmployee, trainer.isEmployee) &&
      matchesBoolean(filters.emailValid, trainer.trainerEmailValid) &&
      matchesBoolean(filters.accountConnected, trainer.trainerAccountConnected) &&
      (filters.status === 'all' || trainer.workflowState === filters.status) &&
      (!filters.updatedFrom || (trainer.updatedDt !== null && berlinDay(trainer.updatedDt) >= filters.updatedFrom)),
  );
  const time = (trainer: TAdminTrainer) => (trainer.updatedDt ? Date.parse(trainer.updatedDt) : 0);
  return shown.sort((a, b) => (filters.sort === 'asc' ? time(a) - time(b) : time(b) - time(a)) || a.trainerName.localeCompare(b.trainerName, 'de'));
}

/** 'dd.mm.yyyy' (spec 9), '-' when empty. */
export function formatUpdated(iso: string | null): string {
  if (!iso) return '-';
  const [year, month, day] = berlinDay(iso).split('-');
  return `${day}.${month}.${year}`;
}
