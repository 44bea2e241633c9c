import { lazy, Suspense } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { isAppLocale, preferredLocale } from '../shared/i18n/locales';
import { homePath, useSession } from '../shared/session';
import type { SitePage } from './content/site-data';

// The public pages inside the web app's router (web/src/router.tsx): `/` goes to the home page of
// the preferred language, `/{lang}/`, `/{lang}/pricing` and `/{lang}/contact` are the site's pages.
// A visit of these URLs gets the prerendered page from the server; these routes serve navigations
// inside the app and the development server.

const SpaSitePage = lazy(() => import('./SpaSitePage'));

function SiteRoute({ page }: { page: SitePage }) {
  const session = useSession();
  const { locale } = useParams();
  // Inside the app (e.g. 'back to the start' of the not-found page) a logged-in user's start is their
  // own home; a visit of /{lang}/ from outside gets the public page.
  if (page === 'home' && session) return <Navigate replace to={homePath(session.role, isAppLocale(locale) ? locale : preferredLocale())} />;
  return (
    <Suspense fallback={null}>
      <SpaSitePage page={page} />
    </Suspense>
  );
}

/** `/`: the public home in the language the visitor chose last, else the browser's, else German (logged in or not). */
export function SiteHomeRedirect() {
  return <Navigate replace to={`/${preferredLocale()}/`} />;
}

/** Children of `/:locale`. */
export const siteRoutes: RouteObject[] = [
  { index: true, element: <SiteRoute page="home" /> },
  { path: 'pricing', element: <SiteRoute page="pricing" /> },
  { path: 'contact', element: <SiteRoute page="contact" /> },
];
