import type { TBillableTrainerRow, TTrainerWorkflowState } from '../../../../../contracts/settlement.contract';

// The select-trainer screen's rules (spec 2.4, 5) as plain functions: the list has one row per
// trainer AND studio, but a selection is a set of trainer uuids, so the same trainer in several
// studios is one trainer, toggled and counted together.

export type Selection = ReadonlySet<string>;

export const STATUS_FILTERS = ['all', 'new', 'data_created', 'preview_send', 'billed', 'not_billed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The states the 'Select actions' panel selects by (spec 2.4). */
export const SELECT_BY_STATES = ['new', 'data_created', 'preview_send'] as const satisfies readonly TTrainerWorkflowState[];

export type TrainerFilters = {
  /** 'Data not complete': only trainers who cannot be billed for missing data. */
  incompleteOnly: boolean;
  status: StatusFilter;
  /** Locations switched off; all are on by default, so a new location shows up checked. */
  hiddenLocations: ReadonlySet<string>;
  name: string;
};

export const NO_FILTERS: TrainerFilters = { incompleteOnly: false, status: 'all', hiddenLocations: new Set(), name: '' };

/** What a row shows as the trainer: the company name, else the person's name. */
export const displayName = (row: Pick<TBillableTrainerRow, 'trainer_company_name' | 'trainer_name'>) =>
  row.trainer_company_name?.trim() || row.trainer_name;

function matchesStatus(row: TBillableTrainerRow, status: StatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'billed':
      return row.billed;
    case 'not_billed':
      return !row.billed;
    default:
      return row.workflow_state === status;
  }
}

/** Spec 5: the name search is a case-insensitive substring match (on the name the row shows, and the person's). */
function matchesName(row: TBillableTrainerRow, name: string): boolean {
  const needle = name.trim().toLocaleLowerCase();
  if (!needle) return true;
  return displayName(row).toLocaleLowerCase().includes(needle) || row.trainer_name.toLocaleLowerCase().includes(needle);
}

export function filterRows(rows: readonly TBillableTrainerRow[], filters: TrainerFilters): TBillableTrainerRow[] {
  return rows.filter(
    (row) =>
      (!filters.incompleteOnly || !row.trainer_data_complete) &&
      matchesStatus(row, filters.status) &&
      !filters.hiddenLocations.has(row.studio_uuid) &&
      matchesName(row, filters.name),
  );
}

export type StudioGroupOfRows = { studioUuid: string; studioName: string; rows: TBillableTrainerRow[] };

/** The list grouped by studio, studios by name and trainers by the name they show. */
export function groupByStudio(rows: readonly TBillableTrainerRow[]): StudioGroupOfRows[] {
  const groups = new Map<string, StudioGroupOfRows>();
  for (const row of rows) {
    let group = groups.get(row.studio_uuid);
    if (!group) {
      group = { studioUuid: row.studio_uuid, studioName: row.studio_name, rows: [] };
      groups.set(row.studio_uuid, group);
    }
    group.rows.push(row);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
  return [...groups.values()]
    .sort((a, b) => byName(a.studioName, b.studioName))
    .map((group) => ({ ...group, rows: [...group.rows].sort((a, b) => byName(displayName(a), displayName(b))) }));
}

/** A trainer may be selected only if every row of theirs is (complete data, no credit note issued). */
function selectableTrainers(rows: readonly TBillableTrainerRow[]): Map<string, TBillableTrainerRow> {
  const selectable = new Map<string, TBillableTrainerRow>();
  const refused = new Set<string>();
  for (const row of rows) {
    if (!row.selectable) refused.add(row.trainer_uuid);
    else selectable.set(row.trainer_uuid, row);
  }
  for (const uuid of refused) selectable.delete(uuid);
  return selectable;
}

export function isSelectable(rows: readonly TBillableTrainerRow[], trainerUuid: string): boolean {
  return selectableTrainers(rows).has(trainerUuid);
}

/** Checks or unchecks a trainer everywhere they appear (every studio row of theirs). */
export function toggleTrainer(selection: Selection, rows: readonly TBillableTrainerRow[], trainerUuid: string): Selection {
  const next = new Set(selection);
  if (next.has(trainerUuid)) next.delete(trainerUuid);
  else if (isSelectable(rows, trainerUuid)) next.add(trainerUuid);
  return next;
}

/** 'Select all trainers': every trainer who can be billed. */
export function selectAll(rows: readonly TBillableTrainerRow[]): Selection {
  return new Set(selectableTrainers(rows).keys());
}

/** Select by settlement status: adds every selectable trainer in that state to the selection. */
export function selectByState(selection: Selection, rows: readonly TBillableTrainerRow[], state: TTrainerWorkflowState): Selection {
  const next = new Set(selection);
  for (const [uuid, row] of selectableTrainers(rows)) if (row.workflow_state === state) next.add(uuid);
  return next;
}

/** The selection as the server gets it: selectable trainers only (a stored uuid may have become unbillable since). */
export function selectionToSubmit(selection: Selection, rows: readonly TBillableTrainerRow[]): string[] {
  const selectable = selectableTrainers(rows);
  return [...selection].filter((uuid) => selectable.has(uuid)).sort();
}

/** Spec 5: 'Next' shows only when at least one unbilled trainer is selected. */
export const canGoNext = (selection: Selection, rows: readonly TBillableTrainerRow[]) => selectionToSubmit(selection, rows).length > 0;
