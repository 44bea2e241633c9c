import { useCallback, useState } from 'react';
import { ApiError } from './api/client';

// A form's state, its fields' props and the server's refusals: what a form needs to show. The
// translation of the contract's own refusals (forms.ts, with the whole message catalogue) loads
// with the first refusal where a first screen should do without it.

export type FieldErrors = Record<string, string>;

/** A server 400 names its field: show the reason there ('iban: ist keine gültige IBAN' → 'ist keine gültige IBAN'). */
export function fieldErrorOfServer(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.field) return {};
  const prefix = `${error.field}: `;
  return { [error.field]: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message };
}

/**
 * Form state: the values as typed (kept on any error, nothing is lost) and the errors per field.
 * Changing a field clears its error.
 */
export function useFormState<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setField = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!Object.hasOwn(current, field)) return current;
      const next = { ...current };
      delete next[field as string];
      return next;
    });
  }, []);
  return { values, setValues, setField, errors, setErrors };
}

/** Mantine input props of a text field: value, onChange and the field's error. */
export function textField<T extends Record<string, unknown>>(
  form: { values: T; setField: <K extends keyof T>(field: K, value: T[K]) => void; errors: FieldErrors },
  field: keyof T & string,
) {
  return {
    value: (form.values[field] as string | null | undefined) ?? '',
    onChange: (event: { currentTarget: { value: string } }) => form.setField(field, event.currentTarget.value as T[typeof field]),
    error: form.errors[field],
    name: field,
    'data-testid': `field-${field}`,
  };
}

/** Brings the first field with an error into view and focuses it (inputs carry `name` = the contract's field). */
export function focusFirstError(errors: FieldErrors) {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  requestAnimationFrame(() => {
    const element = fields
      .map((field) => document.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`))
      .filter((found): found is HTMLElement => found !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
  });
}
