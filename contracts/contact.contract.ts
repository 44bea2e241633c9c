import { z } from 'zod';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from './contact-limits';

// The public contact form (spec admin 2.23, 3 "Contact request", 5, 7 `POST /api/request_form`)
// and the operators' list of the requests it brought in.

const limited = (max: number) => z.string().max(max, 'contact.tooLong');
const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').pipe(limited(max));
const optional = (max: number) =>
  z
    .string()
    .trim()
    .pipe(limited(max))
    .optional()
    .transform((value) => value || null);
/** A checkbox as a form sends it: '1', 'true', 'on' or 'yes' when ticked. */
const ticked = z.union([z.boolean(), z.string()], { error: 'contact.termsRequired' }).refine((value) => value === true || ['1', 'true', 'on', 'yes'].includes(String(value).toLowerCase()), {
  error: 'contact.termsRequired',
});

/** POST /api/request_form: multipart form fields (all text). */
export const ZContactRequestForm = z.object({
  company: required(CONTACT_LIMITS.company),
  firstname: required(CONTACT_LIMITS.firstname),
  lastname: required(CONTACT_LIMITS.lastname),
  email: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(CONTACT_LIMITS.email, 'contact.tooLong').pipe(z.email({ error: 'validation.email' })),
  phone: optional(CONTACT_LIMITS.phone),
  /** Line breaks as the browser sends them (CRLF) are stored as LF. */
  message: z.preprocess((value) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value), optional(CONTACT_LIMITS.message)),
  terms: ticked,
  /** The page's language; the confirmation e-mail is in it (Spanish: English). */
  language: z.enum(['de', 'en', 'es'], { error: 'validation.invalid' }).default('de'),
  /** Bot protection: must stay empty. */
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional(),
  /** Bot protection: the token the page got with the form (GET /api/request_form/token); optional, the spec's payload has none. */
  [CONTACT_FORM_TOKEN_FIELD]: z.string().max(200).optional(),
});
export type TContactRequestForm = z.infer<typeof ZContactRequestForm>;

export const ZContactRequestAnswer = z.object({ status: z.literal('success'), message: z.string() });

/** GET /api/request_form/token: the form token the page sends back with the form. */
export const ZContactFormToken = z.object({ [CONTACT_FORM_TOKEN_FIELD]: z.string() });
export type TContactFormToken = z.infer<typeof ZContactFormToken>;
export type TContactRequestAnswer = z.infer<typeof ZContactRequestAnswer>;

// --- operators: /api/ops/contact-requests ------------------------------------------------------

export const CONTACT_REQUEST_FILTERS = ['open', 'handled', 'all'] as const;
export const ZContactRequestListQuery = z.object({ status: z.enum(CONTACT_REQUEST_FILTERS, { error: 'validation.invalid' }).default('open') });

export const ZContactRequestParams = z.object({ contactRequestUuid: z.uuid({ error: 'validation.uuid' }) });

export const ZContactRequest = z.object({
  uuid: z.string(),
  company: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** As the visitor wrote it; shown as text, never as HTML. */
  message: z.string().nullable(),
  language: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** Who marked it handled (name, or e-mail). */
  handledBy: z.string().nullable(),
  /** The studio group an operator created from it (docs/onboarding.md); null when none. */
  studioGroupUuid: z.string().nullable(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactRequestList = z.object({
  /** Open requests in all (the badge of the navigation). */
  open: z.number().int(),
  requests: z.array(ZContactRequest),
});
export type TContactRequestList = z.infer<typeof ZContactRequestList>;

/** POST /api/ops/contact-requests/{uuid}/handled */
export const ZContactRequestHandledBody = z.object({ handled: z.boolean({ error: 'validation.invalid' }) });
