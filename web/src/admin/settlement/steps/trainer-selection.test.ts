import { describe, expect, it } from 'vitest';
import type { TBillableTrainerRow } from '../../../../../contracts/settlement.contract';
import {
  canGoNext,
  displayName,
  filterRows,
  groupByStudio,
  NO_FILTERS,
  selectAll,
  selectByState,
  selectionToSubmit,
  toggleTrainer,
} from './trainer-selection';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MITTE = uuid(901);
const ALTONA = uuid(902);

function row(overrides: Partial<TBillableTrainerRow> & { trainer_uuid: string }): TBillableTrainerRow {
  return {
    id: 1,
    studio_uuid: MITTE,
    studio_name: 'Berlin Mitte',
    trainer_company_name: null,
    trainer_name: 'Anna Berg',
    trainer_street: 'Hauptstr.',
    trainer_house: '1',
    trainer_zip: '10115',
    trainer_city: 'Berlin',
    trainer_iban: 'DE89370400440532013000',
    trainer_taxno: '12/345/67890',
    tax_number_mandatory: false,
    trainer_account_connected: true,
    workflow_state: 'new',
    class_count: 4,
    trainer_data_complete: true,
    missing: [],
    tax_number_missing_not_mandatory: false,
    billed: false,
    selectable: true,
    selected: false,
    ...overrides,
  };
}

// Anna teaches in two studios; Ben lacks his IBAN; Cara's credit note is sent; Dana was prepared already.
const anna = uuid(1);
const ben = uuid(2);
const cara = uuid(3);
const dana = uuid(4);
const rows = [
  row({ trainer_uuid: anna, trainer_company_name: 'Yoga Anna GmbH' }),
  row({ trainer_uuid: anna, trainer_company_name: 'Yoga Anna GmbH', studio_uuid: ALTONA, studio_name: 'Hamburg Altona' }),
  row({ trainer_uuid: ben, trainer_name: 'Ben Cole', trainer_iban: null, trainer_data_complete: false, missing: ['iban'], selectable: false }),
  row({ trainer_uuid: cara, trainer_name: 'Cara Diaz', workflow_state: 'credit_note_send', billed: true, selectable: false, studio_uuid: ALTONA, studio_name: 'Hamburg Altona' }),
  row({ trainer_uuid: dana, trainer_name: 'Dana Eck', workflow_state: 'data_created' }),
];

describe('trainer selection (spec 2.4, 5)', () => {
  it('toggles a trainer in every studio at once and counts them once', () => {
    const selection = toggleTrainer(new Set(), rows, anna);
    expect([...selection]).toEqual([anna]);
    expect(selectionToSubmit(selection, rows)).toEqual([anna]);
    expect(toggleTrainer(selection, rows, anna).size).toBe(0);
  });

  it('never selects a trainer with incomplete data or a sent credit note', () => {
    expect(toggleTrainer(new Set(), rows, ben).size).toBe(0);
    expect(toggleTrainer(new Set(), rows, cara).size).toBe(0);
    expect([...selectAll(rows)].sort()).toEqual([anna, dana].sort());
  });

  it('selects by settlement status, adding to what is selected', () => {
    expect([...selectByState(new Set(), rows, 'data_created')]).toEqual([dana]);
    expect([...selectByState(new Set([anna]), rows, 'data_created')].sort()).toEqual([anna, dana].sort());
    expect(selectByState(new Set(), rows, 'preview_send').size).toBe(0);
  });

  it("offers 'Next' only with an unbilled selectable trainer selected", () => {
    expect(canGoNext(new Set(), rows)).toBe(false);
    // A stored selection may hold a trainer billed since: that alone is not enough.
    expect(canGoNext(new Set([cara]), rows)).toBe(false);
    expect(selectionToSubmit(new Set([cara, dana]), rows)).toEqual([dana]);
    expect(canGoNext(new Set([dana]), rows)).toBe(true);
  });

  it('filters by missing data, status, location and name (case-insensitive, company or person)', () => {
    const names = (filtered: TBillableTrainerRow[]) => filtered.map((r) => `${r.trainer_uuid}@${r.studio_name}`);
    expect(filterRows(rows, { ...NO_FILTERS, incompleteOnly: true }).map((r) => r.trainer_uuid)).toEqual([ben]);
    expect(filterRows(rows, { ...NO_FILTERS, status: 'billed' }).map((r) => r.trainer_uuid)).toEqual([cara]);
    expect(filterRows(rows, { ...NO_FILTERS, status: 'not_billed' })).toHaveLength(4);
    expect(filterRows(rows, { ...NO_FILTERS, status: 'data_created' }).map((r) => r.trainer_uuid)).toEqual([dana]);
    expect(names(filterRows(rows, { ...NO_FILTERS, hiddenLocations: new Set([MITTE]) }))).toEqual([`${anna}@Hamburg Altona`, `${cara}@Hamburg Altona`]);
    expect(filterRows(rows, { ...NO_FILTERS, name: 'yoga ANNA' })).toHaveLength(2);
    expect(filterRows(rows, { ...NO_FILTERS, name: 'anna berg' })).toHaveLength(2);
    expect(filterRows(rows, { ...NO_FILTERS, name: '  ' })).toHaveLength(5);
  });

  it('groups rows by studio, studios and trainers by name', () => {
    const groups = groupByStudio(rows);
    expect(groups.map((g) => g.studioName)).toEqual(['Berlin Mitte', 'Hamburg Altona']);
    expect(groups[0].rows.map(displayName)).toEqual(['Ben Cole', 'Dana Eck', 'Yoga Anna GmbH']);
    expect(groups[1].rows.map(displayName)).toEqual(['Cara Diaz', 'Yoga Anna GmbH']);
  });
});
