import type { ReportKind } from './api';
import type { reportsEn } from './texts';

// The columns of each report (spec admin 2.14; the rule check's are ours): field of the answer row,
// header text, how the value reads, whether it is summed into the grand-total row.

export type ColumnKind = 'text' | 'money' | 'int' | 'percent' | 'date' | 'datetime' | 'month' | 'billing' | 'outcome' | 'payout';
export type ColumnSpec = {
  field: string;
  header: keyof typeof reportsEn.columns;
  kind: ColumnKind;
  hide?: boolean;
  width?: number;
  /** Summed into the grand-total row. */
  total?: boolean;
};

const balanceHead: ColumnSpec[] = [
  { field: 'mandant', header: 'mandant', kind: 'text', hide: true },
  { field: 'studio_groups_name', header: 'studioGroup', kind: 'text', hide: true },
  { field: 'month', header: 'month', kind: 'month', width: 140 },
];
const balanceTail: ColumnSpec[] = [
  { field: 'line_count', header: 'lines', kind: 'int', total: true, width: 110 },
  { field: 'Netto', header: 'net', kind: 'money', total: true },
  { field: 'MwSt', header: 'vat', kind: 'money', total: true },
  { field: 'MwSt_PRZ', header: 'vatPercent', kind: 'percent', width: 100 },
  { field: 'Brutto', header: 'gross', kind: 'money', total: true },
  { field: 'billing', header: 'billing', kind: 'billing', width: 170 },
  // What became of the month's credit note's payment: status, the bank's booking date, its reason code.
  { field: 'payout_status', header: 'payoutStatus', kind: 'payout', width: 140 },
  { field: 'payout_booked_on', header: 'payoutBookedOn', kind: 'date', width: 130 },
  { field: 'payout_reason_code', header: 'payoutReasonCode', kind: 'text', width: 140 },
];
const trainer: ColumnSpec = { field: 'trainer_name', header: 'trainer', kind: 'text', width: 220 };
const className: ColumnSpec = { field: 'class', header: 'class', kind: 'text', width: 200 };

export const COLUMNS: Record<ReportKind, ColumnSpec[]> = {
  trainerBalance: [...balanceHead, trainer, ...balanceTail],
  trainerBalanceByClass: [...balanceHead, trainer, className, ...balanceTail],
  trainerBalanceByStudio: [...balanceHead, { field: 'studio_name', header: 'studio', kind: 'text', width: 170 }, trainer, className, ...balanceTail],
  studioBalance: [
    ...balanceHead,
    { field: 'studio_name', header: 'studio', kind: 'text', width: 200 },
    { field: 'line_count', header: 'lines', kind: 'int', total: true, width: 110 },
    { field: 'Netto_Sum', header: 'net', kind: 'money', total: true },
    { field: 'MwSt_PRZ', header: 'vatPercent', kind: 'percent', width: 100 },
    { field: 'MwSt_Sum', header: 'vat', kind: 'money', total: true },
    { field: 'Sum', header: 'gross', kind: 'money', total: true },
    { field: 'billing', header: 'billing', kind: 'billing', width: 170 },
  ],
  ruleCheck: [
    { field: 'outcome', header: 'outcome', kind: 'outcome', width: 150 },
    { field: 'studio_name', header: 'studio', kind: 'text', width: 150 },
    { field: 'class_name', header: 'class', kind: 'text', width: 160 },
    { field: 'class_category', header: 'category', kind: 'text', width: 120 },
    { field: 'class_duration', header: 'duration', kind: 'int', width: 100 },
    { field: 'class_count', header: 'classCount', kind: 'int', total: true, width: 100 },
    { field: 'class_date', header: 'firstDate', kind: 'date', width: 120 },
    { field: 'class_date_last', header: 'lastDate', kind: 'date', width: 120 },
    { field: 'booked_slots_min', header: 'bookedMin', kind: 'int', width: 110 },
    { field: 'booked_slots_max', header: 'bookedMax', kind: 'int', width: 110 },
    { field: 'ptr_name', header: 'ruleName', kind: 'text', width: 170 },
    { field: 'ptr_trainer_name', header: 'ruleTrainer', kind: 'text', width: 150 },
    { field: 'ptr_studio_name', header: 'ruleStudio', kind: 'text', width: 140 },
    { field: 'ptr_category', header: 'ruleCategory', kind: 'text', width: 130 },
    { field: 'ptr_class_filter', header: 'ruleFilter', kind: 'text', width: 130 },
    { field: 'ptr_valid_from', header: 'validFrom', kind: 'date', width: 120 },
    { field: 'ptr_valid_to', header: 'validTo', kind: 'date', width: 120 },
    { field: 'ptr_kind', header: 'kind', kind: 'text', width: 90 },
    { field: 'ptr_flat', header: 'flat', kind: 'money', width: 110 },
    { field: 'ptr_hourly_rate', header: 'hourly', kind: 'money', width: 120 },
    { field: 'ptr_booked_slot_mode', header: 'slotMode', kind: 'text', width: 140 },
    { field: 'ptr_booked_slot_threshold', header: 'slotThreshold', kind: 'int', width: 100 },
    { field: 'ptr_per_slot', header: 'perSlot', kind: 'money', width: 110 },
    { field: 'ptr_tiers', header: 'tiers', kind: 'text', width: 160 },
    { field: 'ptr_fixed_bonus', header: 'fixedBonus', kind: 'money', width: 110 },
    { field: 'ptr_min', header: 'min', kind: 'money', width: 110 },
    { field: 'ptr_max', header: 'max', kind: 'money', width: 110 },
    { field: 'base_per_class', header: 'basePerClass', kind: 'money', width: 140 },
    { field: 'extra_sum', header: 'extraSum', kind: 'money', total: true, width: 140 },
    { field: 'net_per_class_min', header: 'netMin', kind: 'money', width: 140 },
    { field: 'net_per_class_max', header: 'netMax', kind: 'money', width: 140 },
    { field: 'clamped_count', header: 'clamped', kind: 'int', total: true, width: 130 },
    { field: 'net_sum', header: 'netSum', kind: 'money', total: true, width: 140 },
  ],
  classes: [
    { field: 'studio_name', header: 'studio', kind: 'text', width: 160 },
    { field: 'class_date', header: 'date', kind: 'datetime', width: 160 },
    { field: 'class_name', header: 'class', kind: 'text', width: 180 },
    { field: 'class_room', header: 'room', kind: 'text', width: 110 },
    { field: 'trainer_name', header: 'trainer', kind: 'text', width: 180 },
    { field: 'trainer_api_id', header: 'trainerId', kind: 'text', width: 120 },
    { field: 'class_slots', header: 'slots', kind: 'int', total: true, width: 100 },
    { field: 'class_booked_slots', header: 'bookedSlots', kind: 'int', total: true, width: 140 },
    { field: 'class_attendees', header: 'attendees', kind: 'int', total: true, width: 120 },
    { field: 'class_duration', header: 'duration', kind: 'int', total: true, width: 110 },
  ],
  classesWithoutTrainer: [
    { field: 'studio_name', header: 'location', kind: 'text', width: 180 },
    { field: 'class_date', header: 'date', kind: 'datetime', width: 170 },
    { field: 'class_name', header: 'class', kind: 'text', width: 200 },
    { field: 'trainer_name', header: 'trainer', kind: 'text', width: 160 },
    { field: 'trainer_others', header: 'otherTrainers', kind: 'text', width: 240 },
  ],
  severalTrainers: [
    { field: 'id', header: 'id', kind: 'int', width: 90 },
    { field: 'class_date', header: 'date', kind: 'datetime', width: 170 },
    { field: 'class_name', header: 'class', kind: 'text', width: 180 },
    { field: 'studio_name', header: 'studio', kind: 'text', width: 170 },
    { field: 'trainer_name', header: 'trainer', kind: 'text', width: 180 },
    { field: 'trainer_others', header: 'otherTrainers', kind: 'text', width: 240 },
  ],
  settlementLog: [
    { field: 'timestamp', header: 'timestamp', kind: 'datetime', width: 170 },
    { field: 'settlement_month', header: 'settlementMonth', kind: 'month', width: 150 },
    { field: 'proc', header: 'proc', kind: 'text', width: 140 },
    { field: 'trainer_name', header: 'trainer', kind: 'text', width: 180 },
    { field: 'trainer_uuid', header: 'trainerUuid', kind: 'text', width: 160, hide: true },
    { field: 'status', header: 'status', kind: 'text', width: 110 },
    { field: 'message', header: 'message', kind: 'text', width: 420 },
  ],
};

/** Reports whose grid has a grand-total row (those with summed columns). */
export const hasTotals = (kind: ReportKind) => COLUMNS[kind].some((column) => column.total);
