import type { TLoginResponse, TRole } from '../../../contracts/auth.contract';
import { sessionOf } from './session-shape';
import { createStoredValue, useStoredValue } from './stored-value';
import type { AppLocale } from './i18n/locales';

/** The log-in answer is the session: the API key and user uuid go out as headers on every call. */
export type Session = TLoginResponse;

const SESSION_KEY = 'trainerpay.session';

// A stored session is checked against the log-in answer's shape, without zod (session-shape.ts).
const sessionStore = createStoredValue<Session>(SESSION_KEY, sessionOf);

const sessionListeners = new Set<(session: Session | null) => void>();

export const getSession = sessionStore.get;

/** Why the session of this tab ended, so the log-in page can say "your session has expired". */
export type SessionEndReason = 'expired' | 'loggedOut';
let endReason: SessionEndReason | null = null;
export const sessionEndReason = () => endReason;

export function setSession(session: Session | null) {
  if (session) endReason = null;
  sessionStore.set(session);
  sessionListeners.forEach((listener) => listener(session));
}

export function clearSession(reason: SessionEndReason = 'loggedOut') {
  endReason = reason;
  setSession(null);
}

/** For modules outside React (the socket) that must drop state when the user changes. */
export function onSessionChange(listener: (session: Session | null) => void) {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

export function useSession(): Session | null {
  return useStoredValue(sessionStore);
}

export const isStaffRole = (role: TRole) => role === 'staff' || role === 'operator';

/** Where a user lands after logging in: staff on the import dashboard, trainers on their profile. */
export function homePath(role: TRole, locale: AppLocale) {
  return isStaffRole(role) ? `/${locale}/admin/import` : `/${locale}/trainer/profile`;
}

/**
 * After log-in: back to the page that sent the user to the log-in page (`from`), in the language
 * chosen there, if it belongs to the user's area; otherwise the user's home.
 */
export function redirectAfterLogin(from: unknown, role: TRole, locale: AppLocale): string {
  const area = isStaffRole(role) ? '/admin/' : '/trainer/';
  const rest = typeof from === 'string' ? /^\/(?:de|en|es)(\/[^?#]*)(.*)$/.exec(from) : null;
  if (rest && `${rest[1]}/`.startsWith(area) && !rest[1].endsWith('/logout')) return `/${locale}${rest[1]}${rest[2]}`;
  return homePath(role, locale);
}
