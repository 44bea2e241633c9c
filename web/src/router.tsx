import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AdminLayout } from './admin/AdminLayout';
import { LogoutPage } from './shared/pages/LogoutPage';
import { NotFoundPage } from './shared/pages/NotFoundPage';
import { RouteErrorPage } from './shared/pages/RouteErrorPage';
import { AddLocaleRedirect, HomeRedirect, LocaleLayout, RequireRole, STAFF_ROLES, TRAINER_ROLES } from './shared/routing';
import { LoginPage } from './site/pages/LoginPage';
import { TrainerLayout } from './trainer/TrainerLayout';

// Pages behind the log-in load on demand (the grid library alone is most of the admin bundle).
const ImportDashboardPage = lazy(() => import('./admin/pages/ImportDashboardPage').then((m) => ({ default: m.ImportDashboardPage })));
const ImportOnDemandPage = lazy(() => import('./admin/pages/ImportOnDemandPage').then((m) => ({ default: m.ImportOnDemandPage })));
const ProfilePage = lazy(() => import('./trainer/pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const RecommendationPage = lazy(() => import('./trainer/pages/RecommendationPage').then((m) => ({ default: m.RecommendationPage })));
const StudioGroupPage = lazy(() => import('./trainer/pages/StudioGroupPage').then((m) => ({ default: m.StudioGroupPage })));

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      {
        path: '/:locale',
        element: <LocaleLayout />,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'trainer/logout', element: <LogoutPage /> },
          {
            path: 'admin',
            element: <RequireRole roles={STAFF_ROLES} />,
            children: [
              {
                element: <AdminLayout />,
                errorElement: <RouteErrorPage />,
                children: [
                  { index: true, element: <HomeRedirect /> },
                  { path: 'import', element: <ImportDashboardPage /> },
                  { path: 'import/ondemand', element: <ImportOnDemandPage /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
          {
            path: 'trainer',
            element: <RequireRole roles={TRAINER_ROLES} />,
            children: [
              {
                element: <TrainerLayout />,
                errorElement: <RouteErrorPage />,
                children: [
                  { index: true, element: <HomeRedirect /> },
                  { path: 'profile', element: <ProfilePage /> },
                  { path: 'recommendation', element: <RecommendationPage /> },
                  { path: 'studio/:studioGroupUuid/*', element: <StudioGroupPage /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <AddLocaleRedirect /> },
    ],
  },
]);
