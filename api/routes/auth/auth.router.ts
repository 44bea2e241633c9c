import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../../db/entities';
import { ZLoginRequest, ZLoginResponse, ZLogoutResponse, ZMeResponse, type TLoginResponse, type TLogoutResponse, type TMeResponse, type TStudioGroupRef } from '../../../contracts/auth.contract';
import type { TLocale } from '../../../contracts/common.contract';
import { hashPassword, verifyPassword } from '../../../domain/passwords';
import { addressAndEmailKey, postgresRateLimit } from '../../auth/rate-limit-store';
import { authOf, createApiSession, requireAuth, revokeSession } from '../../auth/sessions';
import { studioGroupsOf } from '../../auth/tenancy';
import { HttpError } from '../../http/errors';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import type { StudioGroup } from '../../../db/entities';
import { requestEntityManager } from '../../http/entity-manager';

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

async function describeUser(user: User): Promise<TMeResponse> {
  const studioGroups = await studioGroupsOf({ userId: user.id, role: user.role as TLoginResponse['role'] });
  return {
    userUuid: user.uuid,
    role: user.role as TLoginResponse['role'],
    locale: user.locale as TLocale,
    name: `${user.firstname} ${user.lastname}`.trim(),
    studioGroups: studioGroups.map(toStudioGroupRef),
  };
}

const schemas = {
  login: {
    body: ZLoginRequest,
    response: ZLoginResponse,
    access: 'public',
    summary: `Log-in with e-mail and password: the user uuid and an API key for x-user / x-api-key. ${LOGIN_FAILURES_PER_WINDOW} failed attempts per address and e-mail in 15 minutes answer 429.`,
  },
  logout: { response: ZLogoutResponse, summary: 'Log-out: revokes the API key of this call.' },
  me: { response: ZMeResponse, summary: 'The logged-in user: role, language, name and the studio groups they see.' },
} as const;

export function createAuthRouter({ apiKeyTtlHours, orm }: { apiKeyTtlHours: number; orm: MikroORM }) {
  const router = Router();

  // Counts only failed attempts, per address and e-mail, so a typo does not lock a studio's shared IP.
  // The count lives in PostgreSQL: with several api replicas behind a balancer, attempts spread over
  // them still add up to one limit.
  const loginLimiter = postgresRateLimit({
    orm,
    prefix: 'login',
    windowMs: LOGIN_WINDOW_MS,
    limit: LOGIN_FAILURES_PER_WINDOW,
    skipSuccessfulRequests: true,
    keyGenerator: addressAndEmailKey,
    handler: (req, res) => {
      res.status(429).json({ status: 'error', message: t(req, 'auth.tooManyFailures') });
    },
  });

  router.post('/login', loginLimiter, validate(schemas.login), async (req, res) => {
    const { email, password } = validated(req, schemas.login).body;
    const em = requestEntityManager();
    const user = await em.findOne(User, { email });
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await unknownUserHash, password);
    if (!user || !passwordOk) throw new HttpError(401, 'auth.wrongCredentials');
    const apiKey = await createApiSession(em, user, apiKeyTtlHours);
    const answer: TLoginResponse = { ...(await describeUser(user)), apiKey };
    res.json(answer);
  });

  router.post('/logout', requireAuth, validate(schemas.logout), async (req, res) => {
    await revokeSession(requestEntityManager(), authOf(req).sessionId);
    res.json({ status: 'success', message: t(req, 'auth.loggedOut') } satisfies TLogoutResponse);
  });

  router.get('/me', requireAuth, validate(schemas.me), async (req, res) => {
    const user = await requestEntityManager().findOneOrFail(User, authOf(req).userId);
    res.json(await describeUser(user));
  });

  return router;
}
