import { use, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import type { TRole } from '../../../contracts/auth.contract';
import { useLocale } from './hooks/use-locale';
import { isLocaleLoaded, loadLocale } from './i18n';
import { isAppLocale, preferredLocale, storedLocale } from './i18n/locales';
import { homePath, sessionEndReason, useSession } from './session';

/** `/` and `/:locale`: the user's home when logged in, else the log-in page. */
export function HomeRedirect() {
  const session = useSession();
  const { locale: fromUrl } = useParams();
  const locale = isAppLocale(fromUrl) ? fromUrl : preferredLocale();
  return <Navigate replace to={session ? homePath(session.role, locale) : `/${locale}/login`} />;
}

/** A path without a locale (`/login`, an old bookmark) gets the preferred one in front. */
export function AddLocaleRedirect() {
  const location = useLocation();
  return <Navigate replace to={{ pathname: `/${preferredLocale()}${location.pathname}`, search: location.search, hash: location.hash }} />;
}

/**
 * `/:locale/*`: sets the language of everything below from the URL. The switch happens in a layout
 * effect, before the browser paints, so a language change never shows mixed languages.
 */
export function LocaleLayout() {
  const { locale } = useParams();
  const { i18n } = useTranslation();
  const valid = isAppLocale(locale);
  // Another language's texts are loaded first (the router's transition keeps the page meanwhile).
  if (valid && !isLocaleLoaded(locale)) use(loadLocale(locale));

  useLayoutEffect(() => {
    if (!isAppLocale(locale)) return;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    if (storedLocale.get() !== locale) storedLocale.set(locale);
  }, [locale, i18n]);

  if (!valid) return <AddLocaleRedirect />;
  return <Outlet />;
}

/** Only for logged-in users of the given roles; others go to the log-in page or their own home. */
export function RequireRole({ roles }: { roles: readonly TRole[] }) {
  const session = useSession();
  const locale = useLocale();
  const location = useLocation();
  if (!session) {
    // Also reached when a 401 cleared the session mid-page: the log-in page then says it expired.
    const reason = sessionEndReason() === 'expired' ? 'expired' : undefined;
    return <Navigate replace to={`/${locale}/login`} state={{ from: location.pathname + location.search, reason }} />;
  }
  if (!roles.includes(session.role)) return <Navigate replace to={homePath(session.role, locale)} />;
  return <Outlet />;
}

export const STAFF_ROLES = ['staff', 'operator'] as const satisfies readonly TRole[];
export const TRAINER_ROLES = ['trainer'] as const satisfies readonly TRole[];
