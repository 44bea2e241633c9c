import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD, CONTACT_MIN_FILL_MS, CONTACT_RATE_LIMIT } from '../../../contracts/contact-limits';
import { ZContactFormToken, ZContactRequestAnswer, ZContactRequestForm, type TContactFormToken } from '../../../contracts/contact.contract';
import { ContactRequest, OutgoingEmail } from '../../../db/entities';
import { CONTACT_REQUEST_MAIL_WORKFLOW, type TContactRequestMailWorkflow } from '../../../workflows/contact-request-mail.messages';
import { contactRequestMailWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { postgresRateLimit } from '../../auth/rate-limit-store';
import { HttpError } from '../../http/errors';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { contactMails } from './contact-mail';
import { checkFormToken, issueFormToken } from './form-token';
import { requestEntityManager } from '../../http/entity-manager';

// POST /api/request_form (spec admin 2.23, 5, 7, 8): the public contact form, multipart, no log-in.
// In order: the per-IP limits (PostgreSQL store, so they hold across api replicas), the form's
// fields (64 KB at most: a 1 MB message is a clear 413, not a parse), the spec's rules (400 naming
// the field), the bot checks (honeypot field empty; the form open at least 3 s by the server's clock
// when the page sends the form token it got with the form (form-token.ts): the spec's payload has no
// such field, so a post without one is held by the honeypot and the per-IP limits alone), then one
// transaction stores the request and records both e-mails in the
// outbox, and a workflow delivers them. A request that passed the checks is stored even when
// Temporal is down (the e-mails wait in the outbox and the operators see the request).

export type ContactRouterDeps = { orm: MikroORM; temporal: Client; salesEmail: string; secret: () => Promise<Buffer> };

const MAX_FORM_BYTES = 64 * 1024;

/** Reads a multipart or urlencoded body into `req.body` (text fields only); JSON is parsed by the app already. */
export const readFormBody: RequestHandler = (req, _res, next) => {
  const type = req.header('content-type') ?? '';
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) {
    if (req.body && typeof req.body === 'object') return next();
    return next(new HttpError(400, 'contact.notAForm', 'body'));
  }
  const declared = Number(req.header('content-length') ?? 0);
  if (declared > MAX_FORM_BYTES) {
    req.resume();
    return next(new HttpError(413, 'contact.tooLarge', 'message'));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      refused = true;
      next(new HttpError(413, 'contact.tooLarge', 'message'));
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', (error) => {
    if (!refused) next(error);
    refused = true;
  });
  req.on('end', () => {
    if (refused) return;
    // The platform's own parser (undici's FormData): no dependency for a handful of text fields.
    new Request('http://form.local/', { method: 'POST', headers: { 'content-type': type }, body: Buffer.concat(chunks) })
      .formData()
      .then((form) => {
        const body: Record<string, string> = {};
        for (const [name, value] of form.entries()) {
          if (typeof value !== 'string') throw new HttpError(400, 'validation.fieldMessage', name, { field: name, reason: 'validation.invalid' });
          body[name] = value;
        }
        req.body = body;
        next();
      })
      .catch((error: unknown) => next(error instanceof HttpError ? error : new HttpError(400, 'contact.notAForm')));
  });
};

const FORM_TOKEN_REFUSAL = { invalid: 'contact.formExpired', expired: 'contact.formExpired', tooFast: 'contact.tooFast' } as const;

export function createContactRouter({ orm, temporal, salesEmail, secret }: ContactRouterDeps) {
  const router = Router();
  const tooMany = (req: Request, res: Response) => {
    res.status(429).json({ status: 'error', message: t(req, 'contact.rateLimited', { email: salesEmail }) });
  };
  // Accepted requests per IP and hour (a person sends one; a flood is refused with a clear 429)...
  const acceptedLimiter = postgresRateLimit({
    orm,
    prefix: 'contact-form',
    windowMs: CONTACT_RATE_LIMIT.windowMs,
    limit: CONTACT_RATE_LIMIT.max,
    skipFailedRequests: true,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler: tooMany,
  });
  // ...and attempts of any outcome, so refused requests cannot be hammered either.
  const attemptLimiter = postgresRateLimit({
    orm,
    prefix: 'contact-form-attempts',
    windowMs: 10 * 60_000,
    limit: 30,
    standardHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    handler: tooMany,
  });

  const schemas = {
    body: ZContactRequestForm,
    response: ZContactRequestAnswer,
    consumes: 'multipart/form-data',
    access: 'public',
    summary: `The public contact form (spec admin 2.23). Bot protection: '${CONTACT_HONEYPOT_FIELD}' must be empty and '${CONTACT_FORM_TOKEN_FIELD}' (optional, from GET /api/request_form/token), when sent, must be genuine, at least ${CONTACT_MIN_FILL_MS} ms and at most a day old; ${CONTACT_RATE_LIMIT.max} accepted requests per IP and hour. The sender gets a fixed confirmation that quotes nothing they typed.`,
  } as const;
  const tokenSchemas = {
    response: ZContactFormToken,
    access: 'public',
    summary: `A form token for the contact form: the page fetches it when it shows the form and sends it back as '${CONTACT_FORM_TOKEN_FIELD}', so the server measures how long the form was open.`,
  } as const;

  router.get('/request_form/token', validate(tokenSchemas), async (_req, res) => {
    const answer: TContactFormToken = { [CONTACT_FORM_TOKEN_FIELD]: issueFormToken(await secret()) };
    res.json(answer);
  });

  router.post('/request_form', attemptLimiter, acceptedLimiter, readFormBody, validate(schemas), async (req, res) => {
    const form = validated(req, schemas).body;
    if (form[CONTACT_HONEYPOT_FIELD]) throw new HttpError(400, 'contact.automated', CONTACT_HONEYPOT_FIELD);
    const formToken = form[CONTACT_FORM_TOKEN_FIELD];
    if (formToken !== undefined) {
      const check = checkFormToken(await secret(), formToken);
      if (check !== 'ok') throw new HttpError(400, FORM_TOKEN_REFUSAL[check], CONTACT_FORM_TOKEN_FIELD);
    }

    const mails = contactMails(form, salesEmail);
    const em = requestEntityManager();
    const { request, emailUuids } = await em.transactional(async (tem) => {
      const request = tem.create(ContactRequest, {
        company: form.company,
        firstname: form.firstname,
        lastname: form.lastname,
        email: form.email,
        phone: form.phone,
        message: form.message,
        terms: true,
        language: form.language,
      });
      const rows = (['sales', 'confirmation'] as const).map((kind) =>
        tem.create(OutgoingEmail, {
          // No studio group: the platform's own e-mails ('platform:{purpose}:{reference}').
          idempotencyKey: `platform:contact-request-${kind}:${request.uuid}`,
          toAddress: mails[kind].to,
          subject: mails[kind].subject,
          textBody: mails[kind].text,
          htmlBody: mails[kind].html,
          attachments: [],
          status: 'queued',
        }),
      );
      await tem.flush();
      return { request, emailUuids: rows.map((row) => row.uuid) };
    });

    try {
      await temporal.workflow.start<TContactRequestMailWorkflow>(CONTACT_REQUEST_MAIL_WORKFLOW, {
        taskQueue: TASK_QUEUE,
        workflowId: contactRequestMailWorkflowId(request.uuid),
        args: [{ contactRequestUuid: request.uuid, emailUuids }],
      });
    } catch (error) {
      // Stored and recorded: the operators see the request; the e-mails wait in the outbox.
      console.error(`[contact] e-mails of contact request ${request.uuid} not handed to Temporal`, error);
    }
    res.json({ status: 'success' as const, message: t(req, 'contact.sent') });
  });
  return router;
}
