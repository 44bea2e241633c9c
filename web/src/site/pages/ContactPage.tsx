import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_GOAL_ID, CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from '../../../../contracts/contact-limits';
import type { TContactContent } from '../../../../contracts/site-content.contract';
import { trackGoal } from '../goals';
import type { SiteData } from '../content/site-data';
import { SiteIcon } from '../components/icons';

type TextField = 'company' | 'firstname' | 'lastname' | 'email' | 'phone' | 'message';
type Values = Record<TextField, string> & { terms: boolean };
type Errors = Partial<Record<TextField | 'terms', string>>;
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

const REQUIRED: TextField[] = ['company', 'firstname', 'lastname', 'email'];
const EMPTY: Values = { company: '', firstname: '', lastname: '', email: '', phone: '', message: '', terms: false };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks of spec admin 5 before anything is sent; the server checks the same again. */
function check(values: Values, texts: TContactContent): Errors {
  const errors: Errors = {};
  for (const field of REQUIRED) if (!values[field].trim()) errors[field] = texts.errors.required.replace('{field}', texts.fields[field]);
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = texts.errors.invalidEmail;
  if (values.message.length > CONTACT_LIMITS.message) errors.message = texts.errors.messageTooLong;
  if (!values.terms) errors.terms = texts.errors.terms;
  return errors;
}

/** The contact form (spec admin 2.23): POST /api/request_form as multipart, no log-in. */
function ContactForm({ texts, locale }: { texts: TContactContent; locale: string }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The server's token of when the form appeared (it measures the fill time itself); without one
  // (the call failed) the form is sent as the spec's payload.
  const formToken = useRef<string | null>(null);
  const success = useRef<HTMLDivElement>(null);
  useEffect(() => {
    fetch('/api/request_form/token', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : null))
      .then((body) => {
        const token = body?.[CONTACT_FORM_TOKEN_FIELD];
        if (typeof token === 'string') formToken.current = token;
      })
      .catch(() => {});
  }, []);
  useEffect(() => {
    if (status.kind === 'sent') success.current?.focus();
  }, [status.kind]);

  const set = (field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((old) => ({ ...old, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values, texts);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    const form = new FormData();
    for (const field of Object.keys(EMPTY) as (keyof Values)[]) form.set(field, field === 'terms' ? (values.terms ? '1' : '') : values[field].trim());
    form.set('language', locale);
    // The honeypot goes as the form has it (empty unless something filled the hidden field).
    form.set(CONTACT_HONEYPOT_FIELD, (event.currentTarget.elements.namedItem(CONTACT_HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '');
    if (formToken.current) form.set(CONTACT_FORM_TOKEN_FIELD, formToken.current);
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch('/api/request_form', { method: 'POST', body: form, headers: { 'x-locale': locale === 'de' ? 'de' : 'en', accept: 'application/json' } });
      if (response.ok) {
        setStatus({ kind: 'sent' });
        trackGoal(CONTACT_GOAL_ID);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { message?: string; field?: string };
      const serverMessage = body.message ?? '';
      if (response.status === 400) {
        // Spec 8: a 400 shows the invalid-e-mail text with the server's message; other fields get it under the field.
        if (body.field === CONTACT_FORM_TOKEN_FIELD) {
          // Not a field the visitor can fix: the server's reason (sent too quickly, or reload the page).
          setStatus({ kind: 'failed', message: serverMessage });
        } else if (body.field && body.field !== 'email' && body.field in EMPTY) {
          setErrors({ [body.field]: serverMessage });
          setStatus({ kind: 'idle' });
        } else {
          setErrors({ email: `${texts.errors.invalidEmail} ${serverMessage}`.trim() });
          setStatus({ kind: 'idle' });
        }
        return;
      }
      setStatus({ kind: 'failed', message: serverMessage });
    } catch (error) {
      setStatus({ kind: 'failed', message: error instanceof Error ? error.message : '' });
    }
  };

  if (status.kind === 'sent') {
    return (
      <div className="tp-success" role="status" tabIndex={-1} ref={success} data-testid="contact-success">
        <SiteIcon name="check" size={32} />
        <h2>{texts.success.headline}</h2>
        <p>{texts.success.text}</p>
      </div>
    );
  }

  const field = (name: TextField, type: 'text' | 'email' | 'tel', autoComplete: string) => {
    const required = REQUIRED.includes(name);
    const error = errors[name];
    return (
      <div className="tp-field">
        <label htmlFor={`contact-${name}`}>
          {texts.fields[name]}
          {required ? null : <span className="tp-optional"> ({texts.optional})</span>}
        </label>
        <input
          id={`contact-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={set(name)}
          required={required}
          maxLength={CONTACT_LIMITS[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `contact-${name}-error` : undefined}
          data-testid={`contact-${name}`}
        />
        {error ? (
          <p className="tp-error" id={`contact-${name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="tp-form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="contact-form">
      <div className="tp-form-grid">
        <div className="tp-span-2">{field('company', 'text', 'organization')}</div>
        {field('firstname', 'text', 'given-name')}
        {field('lastname', 'text', 'family-name')}
        {field('email', 'email', 'email')}
        {field('phone', 'tel', 'tel')}
        <div className="tp-field tp-span-2">
          <label htmlFor="contact-message">
            {texts.fields.message}
            <span className="tp-optional"> ({texts.optional})</span>
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={5}
            value={values.message}
            onChange={set('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'contact-message-error' : 'contact-message-count'}
            data-testid="contact-message"
          />
          <p className={values.message.length > CONTACT_LIMITS.message ? 'tp-error' : 'tp-hint'} id={errors.message ? 'contact-message-error' : 'contact-message-count'}>
            {errors.message ?? `${values.message.length.toLocaleString(locale)} / ${CONTACT_LIMITS.message.toLocaleString(locale)}`}
          </p>
        </div>
        {/* The honeypot: hidden from people and screen readers, filled only by bots. */}
        <div className="tp-honeypot" aria-hidden="true">
          <label htmlFor={`contact-${CONTACT_HONEYPOT_FIELD}`}>Website</label>
          <input id={`contact-${CONTACT_HONEYPOT_FIELD}`} name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="tp-field tp-span-2">
          <label className="tp-check">
            <input
              type="checkbox"
              name="terms"
              id="contact-terms"
              checked={values.terms}
              onChange={(event) => setValues((old) => ({ ...old, terms: event.target.checked }))}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'contact-terms-error' : undefined}
              data-testid="contact-terms"
            />
            <span>{texts.terms}</span>
          </label>
          {errors.terms ? (
            <p className="tp-error" id="contact-terms-error">
              {errors.terms}
            </p>
          ) : null}
        </div>
      </div>
      {status.kind === 'failed' ? (
        <p className="tp-alert" role="alert" data-testid="contact-error">
          {texts.errors.generic} {status.message}
        </p>
      ) : null}
      <button className="tp-button tp-button-large" type="submit" disabled={status.kind === 'sending'} data-testid="contact-submit">
        {status.kind === 'sending' ? texts.sending : texts.submit}
      </button>
    </form>
  );
}

/** /{lang}/contact */
export function ContactPage({ data }: { data: SiteData }) {
  const { contact } = data;
  if (!contact) return null;
  return (
    <section className="tp-section" aria-labelledby="contact-headline">
      <div className="tp-container tp-contact-grid">
        <div>
          <p className="tp-preheading">{contact.preheading}</p>
          <h1 id="contact-headline">{contact.headline}</h1>
          <p className="tp-lead">{contact.description}</p>
          <aside className="tp-aside" aria-labelledby="contact-aside-headline">
            <h2 id="contact-aside-headline">{contact.aside.headline}</h2>
            <dl>
              {contact.aside.items.map((item) => (
                <div key={item.name}>
                  <dt>{item.name}</dt>
                  <dd>{item.href ? <a href={item.href}>{item.value}</a> : item.value}</dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
        <ContactForm texts={contact} locale={data.locale} />
      </div>
    </section>
  );
}
