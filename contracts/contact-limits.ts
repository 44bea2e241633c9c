// Bounds of the public contact form (spec admin 2.23, 5), shared by the API's contract and the
// public page. Plain values, no zod: the public bundle imports this file and must stay small.

export const CONTACT_LIMITS = {
  company: 200,
  firstname: 100,
  lastname: 100,
  email: 254,
  phone: 50,
  message: 5000,
} as const;

/** A form sent sooner than this after it appeared was not filled in by a person (bot protection). */
export const CONTACT_MIN_FILL_MS = 3000;
/** The honeypot: a field people never see; a bot that fills every field gives itself away. */
export const CONTACT_HONEYPOT_FIELD = 'website';
/**
 * The server's signed note of when the page got the form (GET /api/request_form/token); the server
 * measures how long it was open, so no client can claim a fill time.
 */
export const CONTACT_FORM_TOKEN_FIELD = 'form_token';
/** A form token older than this is refused (the page is reloaded for a fresh one). */
export const CONTACT_FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Contact requests per IP address and hour. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
/** The contact form's success goal (spec 9). */
export const CONTACT_GOAL_ID = 1;
