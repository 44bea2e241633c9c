import { Router } from 'express';
import { StaffMembership, User, type StaffRole } from '../../../db/entities';
import { ZLoginRequest, ZLoginResponse, ZLogoutResponse, ZMeResponse, type TLoginResponse, type TLogoutResponse, type TMeResponse, type TStudioGroupRef } from '../../../contracts/auth.contract';
import type { TLocale } from '../../../contracts/common.contract';
import { hashPassword, verifyPassword } from '../../../domain/passwords';
import { tooManyFailures } from '../../auth/current-password';
import { FIRST_DELAY_SECONDS, FREE_FAILURES_PER_ACCOUNT, FREE_FAILURES_PER_ADDRESS, type LoginThrottle } from '../../auth/login-throttle';
import { authOf, createApiSession, requireAuth, revokeSession } from '../../auth/sessions';
import { studioGroupsOf } from '../../auth/tenancy';
import { HttpError } from '../../http/errors';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import type { StudioGroup } from '../../../db/entities';
import { requestEntityManager } from '../../http/entity-manager';


// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so the log-in does not tell which e-mail addresses have an account.
const unknownUserHash = hashPassword('not-a-password-of-anyone');

const toStudioGroupRef = (group: StudioGroup, staffRole: StaffRole | undefined): TStudioGroupRef => ({
  uuid: group.uuid,
  id: group.id,
  mandantId: group.mandant.id,
  apiSlug: group.apiSlug,
  name: group.name,
  ...(staffRole ? { staffRole } : {}),
});

/** Who the user is and the groups they see, with a staff member's role per group (the web app hides what an accountant may not do). */
export async function describeUser(user: User): Promise<TMeResponse> {
  const studioGroups = await studioGroupsOf({ userId: user.id, role: user.role as TLoginResponse['role'] });
  const memberships = user.role === 'staff' ? await requestEntityManager().find(StaffMembership, { user: user.id }) : [];
  const roleIn = new Map(memberships.map((membership) => [membership.studioGroup.id, membership.role]));
  return {
    userUuid: user.uuid,
    role: user.role as TLoginResponse['role'],
    locale: user.locale as TLocale,
    name: `${user.firstname} ${user.lastname}`.trim(),
    studioGroups: studioGroups.map((group) => toStudioGroupRef(group, roleIn.get(group.id))),
  };
}

const schemas = {
  login: {
    body: ZLoginRequest,
    response: ZLoginResponse,
    access: 'public',
    summary: `Log-in with e-mail and password: the user uuid and an API key for x-user / x-api-key. After ${FREE_FAILURES_PER_ADDRESS} failed attempts in a row per address and e-mail (${FREE_FAILURES_PER_ACCOUNT} per e-mail over all addresses) the next attempt answers 429 with Retry-After for ${FIRST_DELAY_SECONDS} s, doubling with each further failure; a successful log-in ends the count.`,
  },
  logout: { response: ZLogoutResponse, summary: 'Log-out: revokes the API key of this call.' },
  me: { response: ZMeResponse, summary: "The logged-in user: role, language, name and the studio groups they see (with a staff member's role in each)." },
} as const;

export function createAuthRouter({ apiKeyTtlHours, loginThrottle }: { apiKeyTtlHours: number; loginThrottle: LoginThrottle }) {
  const router = Router();

  router.post('/login', validate(schemas.login), async (req, res) => {
    const { email, password } = validated(req, schemas.login).body;
    // req.ip: the client's address, or the forwarding one only from a proxy named in TRUST_PROXY.
    const attempt = { email, ip: req.ip ?? '' };
    const verdict = await loginThrottle.check(attempt);
    // Refused before the password is checked, so a right guess during the wait teaches nothing.
    if (!verdict.allowed) throw tooManyFailures(req, verdict.retryAfterSeconds);
    const em = requestEntityManager();
    const user = await em.findOne(User, { email });
    const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await unknownUserHash, password);
    if (!user || !passwordOk) {
      await loginThrottle.failed(attempt);
      throw new HttpError(401, 'auth.wrongCredentials');
    }
    await loginThrottle.succeeded(attempt);
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
