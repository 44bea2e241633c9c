import { Router } from 'express';
import rateLimit, { ipKeyGenerator } from 'express-rate-limit';
import { RequestContext } from '@mikro-orm/core';
import { User } from '../../../db/entities';
import { ZLoginRequest, type TLoginResponse, type TStudioGroupRef } from '../../../contracts/auth.contract';
import type { TLocale } from '../../../contracts/common.contract';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { authOf, createApiSession, requireAuth, revokeSession } from '../../auth/sessions';
import { studioGroupsOf } from '../../auth/tenancy';
import { HttpError } from '../../errors';
import { t } from '../../locale';
import { validate, validated } from '../../validate';
import type { StudioGroup } from '../../../db/entities';

export const LOGIN_FAILURES_PER_WINDOW = 10;
const LOGIN_WINDOW_MS = 15 * 60_000;

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so the log-in does not tell which e-mail addresses have an account.
const unknownUserHash = hashPassword('not-a-password-of-anyone');

const toStudioGroupRef = (group: StudioGroup): TStudioGroupRef => ({
  uuid: group.uuid,
  id: group.id,
  mandantId: group.mandant.id,
  apiSlug: group.apiSlug,
  name: group.name,
});

async function describeUser(user: User) {
  const studioGroups = await studioGroupsOf({ userId: user.id, role: user.role as TLoginResponse['role'] });
  return {
    userUuid: user.uuid,
    role: user.role as TLoginResponse['role'],
    locale: user.locale as TLocale,
    name: `${user.firstname} ${user.lastname}`.trim(),
    studioGroups: studioGroups.map(toStudioGroupRef),
  };
}

export function createAuthRouter({ apiKeyTtlHours }: { apiKeyTtlHours: number }) {
  const router = Router();

  // Counts only failed attempts, per address and e-mail, so a typo does not lock a studio's shared IP.
  const loginLimiter = rateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_FAILURES_PER_WINDOW,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${String(req.body?.email ?? '').trim().toLowerCase()}`,
    handler: (req, res) => {
      res.status(429).json({ status: 'error', message: t(req, 'auth.tooManyFailures') });
    },
  });

  const loginSchemas = { body: ZLoginRequest };
  router.post('/login', loginLimiter, validate(loginSchemas), async (req, res) => {
    const { email, password } = validated(req, loginSchemas).body;
    const em = RequestContext.getEntityManager()!;
    const user = await em.findOne(User, { email });
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await unknownUserHash, password);
    if (!user || !passwordOk) throw new HttpError(401, 'auth.wrongCredentials');
    const apiKey = await createApiSession(em, user, apiKeyTtlHours);
    const answer: TLoginResponse = { ...(await describeUser(user)), apiKey };
    res.json(answer);
  });

  router.post('/logout', requireAuth, async (req, res) => {
    await revokeSession(RequestContext.getEntityManager()!, authOf(req).sessionId);
    res.json({ status: 'success', message: t(req, 'auth.loggedOut') });
  });

  router.get('/me', requireAuth, async (req, res) => {
    const user = await RequestContext.getEntityManager()!.findOneOrFail(User, authOf(req).userId);
    res.json(await describeUser(user));
  });

  return router;
}
