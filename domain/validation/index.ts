export { isSepaIban, isValidBic, isValidIban, normalizeBic, normalizeIban } from './bank';
export { VALIDATION_MESSAGE_KEYS, type ValidationMessageKey } from './message-keys';
export { isValidGermanPostalCode } from './postal-code';
export { ZIban, ZOptionalBic, ZOptionalVatId, ZPostalCode, zOptionalVatId } from './schemas';
export { isValidVatId, normalizeVatId } from './vat-id';
