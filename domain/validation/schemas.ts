import { z } from 'zod';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from './bank';
import { VALIDATION_MESSAGE_KEYS as KEYS } from './message-keys';
import { isValidGermanPostalCode } from './postal-code';
import { isValidVatId, normalizeVatId } from './vat-id';

// Field schemas for the trainer's personal and bank data, shared by contracts and web forms.
// Every error message is a message key (VALIDATION_MESSAGE_KEYS), never prose. Each schema outputs
// the normalised value, which is what gets stored.

/** Required IBAN; outputs the electronic format ('DE89370400440532013000'). */
export const ZIban = z
  .string({ error: KEYS.required })
  .trim()
  .min(1, { error: KEYS.required })
  .transform(normalizeIban)
  .refine(isValidIban, { error: KEYS.ibanInvalid });

/** Optional BIC: missing, null or blank give '' (the spec sends an empty string); else the upper-case BIC. */
export const ZOptionalBic = z
  .string({ error: KEYS.bicInvalid })
  .nullish()
  .transform((value) => normalizeBic(value))
  .refine((bic) => bic === '' || isValidBic(bic), { error: KEYS.bicInvalid });

/**
 * Optional VAT ID: missing, null or blank give ''; else the compact VAT ID, which must be an EU VAT
 * ID with valid check digits. `countryHint` supplies a missing prefix; `ZOptionalVatId` has none, so
 * the prefix is required. Where the country is a sibling field, refine the object with
 * `isValidVatId(value, data.country)` instead.
 */
export function zOptionalVatId(countryHint?: string | null) {
  return z
    .string({ error: KEYS.vatIdInvalid })
    .nullish()
    .transform((value) => normalizeVatId(value, countryHint))
    .refine((vatId) => isValidVatId(vatId), { error: KEYS.vatIdInvalid });
}

export const ZOptionalVatId = zOptionalVatId();

/** Required German postal code: exactly five digits; outputs the trimmed value. */
export const ZPostalCode = z
  .string({ error: KEYS.required })
  .trim()
  // abort: an empty field reports only 'required', not also 'postalCodeInvalid'.
  .min(1, { error: KEYS.required, abort: true })
  .refine(isValidGermanPostalCode, { error: KEYS.postalCodeInvalid });
