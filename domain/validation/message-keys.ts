// Validation errors carry message keys, not prose: the web app and the API's 400 answers turn them
// into de/en text through the translation catalogue, so one rule never speaks two wordings.

export const VALIDATION_MESSAGE_KEYS = {
  required: 'validation.required',
  ibanInvalid: 'validation.ibanInvalid',
  bicInvalid: 'validation.bicInvalid',
  vatIdInvalid: 'validation.vatIdInvalid',
  postalCodeInvalid: 'validation.postalCodeInvalid',
} as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[keyof typeof VALIDATION_MESSAGE_KEYS];
