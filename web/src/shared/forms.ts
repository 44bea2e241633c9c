import type { ZodError } from 'zod';
import { translate } from '../../../domain/messages';
import type { FieldErrors } from './form-state';
import { i18n } from './i18n';

// The forms validate with the contract's own zod schema before sending; its messages are catalogue
// keys (domain/messages), shown here in the page's language — the same words the API would answer.
// The form state the forms share is in form-state.ts (without the catalogue).

export { fieldErrorOfServer, focusFirstError, textField, useFormState, type FieldErrors } from './form-state';

const messageLocale = () => (i18n.language === 'de' ? 'de' : 'en');

/** A catalogue key (or plain text) in the page's language. */
export const translateMessage = (key: string) => translate(messageLocale(), key);

/** The first reason per field ('tiers.1.fromBookedSlots'), translated. */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_form';
    if (errors[field]) continue;
    const required = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
    errors[field] = translateMessage(required ? 'validation.required' : issue.message);
  }
  return errors;
}

