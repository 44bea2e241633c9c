// Postal code (spec trainer portal 5 and 9): exactly five digits, the German format.
const GERMAN_POSTAL_CODE = /^\d{5}$/;

/** Exactly five digits (surrounding whitespace ignored): '01067' yes, '1067', '010677' and 'D-01067' no. */
export function isValidGermanPostalCode(value: string | null | undefined): boolean {
  return GERMAN_POSTAL_CODE.test((value ?? '').trim());
}
