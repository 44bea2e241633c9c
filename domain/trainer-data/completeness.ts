import { isValidIban } from '../validation/bank';

// Whether a trainer can be billed (spec admin 5): the credit note needs a postal address, the payout a
// valid IBAN, and some studio groups the tax number. A trainer with incomplete data cannot be
// selected for a settlement; the screen lists what is missing.

/** The checked fields, in the order the screen lists them (Street, House no., Postal code, City, IBAN, Tax no.). */
export const TRAINER_DATA_FIELDS = ['street', 'houseNumber', 'postalCode', 'city', 'iban', 'taxNumber'] as const;
export type TrainerDataField = (typeof TRAINER_DATA_FIELDS)[number];

/** The trainer fields the check reads (mirrors the Trainer entity). */
export type TrainerDataInput = {
  street: string | null | undefined;
  houseNumber: string | null | undefined;
  postalCode: string | null | undefined;
  city: string | null | undefined;
  iban: string | null | undefined;
  taxNumber: string | null | undefined;
  taxNumberMandatory: boolean;
};

export type TrainerDataCheck = {
  complete: boolean;
  /** Fields missing or invalid (an IBAN that does not validate after normalising), in TRAINER_DATA_FIELDS order. */
  missing: TrainerDataField[];
  /** No tax number, but the studio group does not require one: a note, not a blocker. */
  taxNumberMissingButOptional: boolean;
};

const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';

export function checkTrainerData(trainer: TrainerDataInput): TrainerDataCheck {
  const missing: TrainerDataField[] = [];
  if (isBlank(trainer.street)) missing.push('street');
  if (isBlank(trainer.houseNumber)) missing.push('houseNumber');
  if (isBlank(trainer.postalCode)) missing.push('postalCode');
  if (isBlank(trainer.city)) missing.push('city');
  if (!isValidIban(trainer.iban)) missing.push('iban');
  const taxNumberMissing = isBlank(trainer.taxNumber);
  if (taxNumberMissing && trainer.taxNumberMandatory) missing.push('taxNumber');
  return { complete: missing.length === 0, missing, taxNumberMissingButOptional: taxNumberMissing && !trainer.taxNumberMandatory };
}
