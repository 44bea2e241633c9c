import { isValidIban } from '../validation/bank';

// Whether a trainer can be billed (spec admin 5): the credit note needs a postal address, the payout a
// valid IBAN, and some studio groups the tax number. A trainer with incomplete data cannot be
// selected for a settlement; the screen lists what is missing.
//
// Every credit note is also an EN 16931 e-invoice, which names the trainer's tax number or
// VAT ID (BR-CO-26; the credit note must anyway, § 14 Abs. 4 Nr. 2 UStG): without either the
// credit-note run refuses the trainer, so the selection counts the tax number as missing too.

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
  /** The VAT ID: stands in for an optional tax number. */
  vatId: string | null | undefined;
};

export type TrainerDataCheck = {
  complete: boolean;
  /** Fields missing or invalid (an IBAN that does not validate after normalising), in TRAINER_DATA_FIELDS order. */
  missing: TrainerDataField[];
  /** No tax number, but the studio group does not require one and the VAT ID is there: a note, not a blocker. */
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
  const taxNumberNeeded = trainer.taxNumberMandatory || isBlank(trainer.vatId);
  if (taxNumberMissing && taxNumberNeeded) missing.push('taxNumber');
  return { complete: missing.length === 0, missing, taxNumberMissingButOptional: taxNumberMissing && !taxNumberNeeded };
}
