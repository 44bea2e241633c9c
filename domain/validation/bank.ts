import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

// Trainer bank data (spec trainer portal 5): the IBAN is normalised to its electronic format, checked
// (country length, BBAN format, check digits) and stored normalised; the BIC is optional.

/** Electronic format: no spaces (any whitespace, also no-break spaces from copy and paste) or hyphens, upper case. '' for none. */
export function normalizeIban(raw: string | null | undefined): string {
  return electronicFormatIBAN((raw ?? '').replace(/\s+/g, '')) ?? '';
}

/** Whether `raw` is a valid IBAN once normalised ('DE89 3704 0044 0532 0130 00' is). */
export function isValidIban(raw: string | null | undefined): boolean {
  const iban = normalizeIban(raw);
  return iban !== '' && isValidIBAN(iban);
}

/**
 * A valid IBAN of a SEPA country: only those can be paid by the SEPA credit-transfer file. Not part
 * of the spec's completeness rule, which asks only for a valid IBAN.
 */
export function isSepaIban(raw: string | null | undefined): boolean {
  return isValidIban(raw) && isSEPACountry(normalizeIban(raw).slice(0, 2));
}

/** No whitespace, upper case. '' for none. */
export function normalizeBic(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, '').toUpperCase();
}

/** Whether `raw` is a well-formed BIC (8 or 11 characters, known country) once normalised; '' is not. */
export function isValidBic(raw: string | null | undefined): boolean {
  const bic = normalizeBic(raw);
  return bic !== '' && isValidBIC(bic);
}
