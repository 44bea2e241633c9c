import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LogoutPage } from './shared/pages/LogoutPage';
import { NotFoundPage } from './shared/pages/NotFoundPage';
import { RouteErrors } from './shared/pages/RouteErrorPage';
import { PageRouteContext } from './shared/page-route';
import { loadTrainerTexts, loadWholeTexts } from './shared/i18n';
import { AddLocaleRedirect, HomeRedirect, LocaleLayout, RequireRole, STAFF_ROLES, TRAINER_ROLES } from './shared/routing';
import { LoginPage } from './site/pages/LoginPage';
import { SiteHomeRedirect, siteRoutes } from './site/routes';

// The first load is the log-in page, within 200 KB gzip (docs/decisions/0102): the admin frame, the trainer portal's
// frame and the e-mailed links' pages are modules loaded when their route matches, together with the
// texts of the page's language they need (the trainer portal its own, the others the whole
// dictionary). The routes are the router's declarative ones (useRoutes), not its data router: the
// app loads no data through the router, and the data router is 16 KB gzip more of the first screens
// (docs/decisions/0195). A navigation is a React transition (BrowserRouter), so the previous page
// stays on screen while the next one's module loads. The first page shows nothing until its module
// is there (the Suspense around the routes in App.tsx), as before the script ran; main.tsx starts
// loading it together with the entry's texts (preloadScreens).
type Screen = { element: ReactNode; load: () => Promise<unknown> };
const screen = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType, loadTexts: () => Promise<void> = loadWholeTexts): Screen => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadScreen = () => (loading ??= Promise.all([load(), loadTexts()]).then(([module]) => ({ default: pick(module) })));
  const Component = lazy(loadScreen);
  return { element: <Component />, load: loadScreen };
};
const adminLayout = screen(() => import('./admin/AdminLayout'), (m) => m.AdminLayout);
const trainerLayout = screen(() => import('./trainer/TrainerLayout'), (m) => m.TrainerLayout, loadTrainerTexts);
const invitationLinkPage = screen(() => import('./site/account-links/InvitationLinkPage'), (m) => m.InvitationLinkPage);
const forgotPasswordPage = screen(() => import('./site/account-links/ForgotPasswordPage'), (m) => m.ForgotPasswordPage);
const resetPasswordPage = screen(() => import('./site/account-links/ForgotPasswordPage'), (m) => m.ResetPasswordPage);
const confirmEmailPage = screen(() => import('./site/account-links/ConfirmEmailPage'), (m) => m.ConfirmEmailPage);
const staffInvitationLinkPage = screen(() => import('./admin/staff/StaffInvitationLinkPage'), (m) => m.StaffInvitationLinkPage);

// Pages behind the log-in load on demand (the grid library alone is most of the admin bundle).
const ImportDashboardPage = lazy(() => import('./admin/import/ImportDashboardPage').then((m) => ({ default: m.ImportDashboardPage })));
const ImportOnDemandPage = lazy(() => import('./admin/import/ImportOnDemandPage').then((m) => ({ default: m.ImportOnDemandPage })));
const ProfilePage = lazy(() => import('./trainer/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const RecommendationPage = lazy(() => import('./trainer/account-links/RecommendationPage').then((m) => ({ default: m.RecommendationPage })));
const InvitationPage = lazy(() => import('./trainer/account-links/InvitationPage').then((m) => ({ default: m.InvitationPage })));
const StudioGroupPage = lazy(() => import('./trainer/account-links/StudioGroupPage').then((m) => ({ default: m.StudioGroupPage })));
const AccountingReviewPage = lazy(() => import('./trainer/review/AccountingReviewPage').then((m) => ({ default: m.AccountingReviewPage })));
const SettlementReviewPage = lazy(() => import('./trainer/review/SettlementReviewPage').then((m) => ({ default: m.SettlementReviewPage })));
const CreditNoteReviewPrintPage = lazy(() => import('./trainer/review/CreditNoteReviewPrintPage').then((m) => ({ default: m.CreditNoteReviewPrintPage })));
const TrainersPage = lazy(() => import('./admin/master-data/TrainersPage').then((m) => ({ default: m.TrainersPage })));
const TrainerEditPage = lazy(() => import('./admin/master-data/TrainerEditPage').then((m) => ({ default: m.TrainerEditPage })));
const StudiosPage = lazy(() => import('./admin/master-data/StudiosPage').then((m) => ({ default: m.StudiosPage })));
const PaymentTypeRulesPage = lazy(() => import('./admin/master-data/PaymentTypeRulesPage').then((m) => ({ default: m.PaymentTypeRulesPage })));
const SettingsPage = lazy(() => import('./admin/master-data/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const SettlementIndexPage = lazy(() => import('./admin/settlement/SettlementIndexPage').then((m) => ({ default: m.SettlementIndexPage })));
const SettlementWizardPage = lazy(() => import('./admin/settlement/SettlementWizardPage').then((m) => ({ default: m.SettlementWizardPage })));
const SettlementSummaryPage = lazy(() => import('./admin/settlement/SettlementSummaryPage').then((m) => ({ default: m.SettlementSummaryPage })));
const WorkflowIndexPage = lazy(() => import('./admin/settlement/WorkflowPages').then((m) => ({ default: m.WorkflowIndexPage })));
const SettlementWorkflowPage = lazy(() => import('./admin/settlement/WorkflowPages').then((m) => ({ default: m.SettlementWorkflowPage })));
const PreviewCheckPage = lazy(() => import('./admin/review/PreviewCheckPage').then((m) => ({ default: m.PreviewCheckPage })));
const CreditNotesPage = lazy(() => import('./admin/credit-notes/CreditNotesPage').then((m) => ({ default: m.CreditNotesPage })));
const PayoutsPage = lazy(() => import('./admin/payouts/PayoutsPage').then((m) => ({ default: m.PayoutsPage })));
const ReportsPage = lazy(() => import('./admin/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const DocumentManagerPage = lazy(() => import('./admin/document-manager/DocumentManagerPage').then((m) => ({ default: m.DocumentManagerPage })));
const MyDocumentsPage = lazy(() => import('./trainer/documents/MyDocumentsPage').then((m) => ({ default: m.MyDocumentsPage })));
const GroupExportPage = lazy(() => import('./admin/group-export/GroupExportPage').then((m) => ({ default: m.GroupExportPage })));
const OutboxPage = lazy(() => import('./admin/outbox/OutboxPage').then((m) => ({ default: m.OutboxPage })));
const ContactRequestsPage = lazy(() => import('./admin/contact-requests/ContactRequestsPage').then((m) => ({ default: m.ContactRequestsPage })));
const StudioGroupsPage = lazy(() => import('./admin/onboarding/StudioGroupsPage').then((m) => ({ default: m.StudioGroupsPage })));
const NewStudioGroupPage = lazy(() => import('./admin/onboarding/NewStudioGroupPage').then((m) => ({ default: m.NewStudioGroupPage })));
const OperatorStudioGroupPage = lazy(() => import('./admin/onboarding/StudioGroupPage').then((m) => ({ default: m.StudioGroupPage })));
const TrainerOverviewPage = lazy(() => import('./admin/trainer-overview/TrainerOverviewPage').then((m) => ({ default: m.TrainerOverviewPage })));
const FirstMonthPage = lazy(() => import('./admin/onboarding/first-month/FirstMonthPage').then((m) => ({ default: m.FirstMonthPage })));
const DataCheckPage = lazy(() => import('./admin/data-check/DataCheckPage').then((m) => ({ default: m.DataCheckPage })));
const StaffPage = lazy(() => import('./admin/staff/StaffPage').then((m) => ({ default: m.StaffPage })));
const SettlementV1WizardPage = lazy(() => import('./admin/settlement/v1/SettlementV1WizardPage').then((m) => ({ default: m.SettlementV1WizardPage })));

const OPERATOR_ROLES = ['operator'] as const;

const routes: RouteObject[] = [
  {
    children: [
      { path: '/', element: <SiteHomeRedirect /> },
      {
        path: '/:locale',
        element: <LocaleLayout />,
        children: [
          ...siteRoutes,
          { path: 'login', element: <LoginPage /> },
          // The e-mailed links: no log-in needed.
          { path: 'invitation/:token', element: invitationLinkPage.element, handle: invitationLinkPage },
          { path: 'forgot-password', element: forgotPasswordPage.element, handle: forgotPasswordPage },
          { path: 'reset-password/:token', element: resetPasswordPage.element, handle: resetPasswordPage },
          { path: 'confirm-email/:token', element: confirmEmailPage.element, handle: confirmEmailPage },
          { path: 'staff-invitation/:token', element: staffInvitationLinkPage.element, handle: staffInvitationLinkPage },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'trainer/logout', element: <LogoutPage /> },
          {
            path: 'admin',
            element: <RequireRole roles={STAFF_ROLES} />,
            children: [
              {
                element: <RouteErrors>{adminLayout.element}</RouteErrors>,
                handle: adminLayout,
                children: [
                  { index: true, element: <HomeRedirect /> },
                  { path: 'import', element: <ImportDashboardPage /> },
                  { path: 'import/ondemand', element: <ImportOnDemandPage /> },
                  { path: 'trainers', element: <TrainersPage /> },
                  { path: 'trainer/:id/edit', element: <TrainerEditPage /> },
                  { path: 'studios', element: <StudiosPage /> },
                  { path: 'payment-type-rules', element: <PaymentTypeRulesPage /> },
                  { path: 'settings', element: <SettingsPage /> },
                  { path: 'settlements', element: <SettlementIndexPage /> },
                  { path: 'settlement/wizard/:settlementUuid', element: <SettlementWizardPage /> },
                  { path: 'settlement/v1', element: <SettlementV1WizardPage /> },
                  { path: 'settlement/:settlementUuid', element: <SettlementSummaryPage /> },
                  { path: 'settlement/:settlementUuid/preview-check', element: <PreviewCheckPage /> },
                  { path: 'outbox', element: <OutboxPage /> },
                  { path: 'export', element: <GroupExportPage /> },
                  { path: 'document-manager', element: <DocumentManagerPage /> },
                  { path: 'document-manager/trainer/:trainerUuid', element: <DocumentManagerPage /> },
                  { path: 'trainer-overview', element: <TrainerOverviewPage /> },
                  { path: 'data-check', element: <DataCheckPage /> },
                  { path: 'first-month', element: <FirstMonthPage /> },
                  { path: 'reports/:report?', element: <ReportsPage /> },
                  { path: 'credit-notes', element: <CreditNotesPage /> },
                  { path: 'staff', element: <StaffPage /> },
                  { path: 'payouts', element: <PayoutsPage /> },
                  {
                    // Ops: the settlement workflows' status and history (platform operators only).
                    element: <RequireRole roles={OPERATOR_ROLES} />,
                    children: [
                      { path: 'workflows', element: <WorkflowIndexPage /> },
                      { path: 'workflows/:settlementUuid', element: <SettlementWorkflowPage /> },
                      { path: 'contact-requests', element: <ContactRequestsPage /> },
                      { path: 'studio-groups', element: <StudioGroupsPage /> },
                      { path: 'studio-groups/new', element: <NewStudioGroupPage /> },
                      { path: 'studio-groups/:studioGroupUuid', element: <OperatorStudioGroupPage /> },
                    ],
                  },
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
                element: <RouteErrors>{trainerLayout.element}</RouteErrors>,
                handle: trainerLayout,
                children: [
                  { index: true, element: <HomeRedirect /> },
                  { path: 'profile', element: <ProfilePage /> },
                  { path: 'recommendation', element: <RecommendationPage /> },
                  { path: 'documents', element: <MyDocumentsPage /> },
                  { path: 'invitation/:studioGroupUuid/:studioGroupTrainerUuid', element: <InvitationPage /> },
                  { path: 'studio/:studioGroupUuid/*', element: <StudioGroupPage /> },
                  { path: 'accounting/review/:studioGroupUuid/:settlementUuid', element: <AccountingReviewPage /> },
                  { path: 'accounting/review/:studioGroupUuid/:settlementUuid/print', element: <CreditNoteReviewPrintPage /> },
                  { path: 'accounting/settlement-review/:studioGroupUuid/:settlementUuid', element: <SettlementReviewPage /> },
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
];

/**
 * Starts loading the modules and texts of the address's frame or page (their routes' `handle`)
 * while the entry's texts load, instead of after the first render.
 */
export function preloadScreens(pathname: string) {
  // A failure shows when the route renders (RouteErrors), not here.
  for (const match of matchRoutes(routes, pathname) ?? []) void (match.route.handle as Screen | undefined)?.load().catch(() => undefined);
}

/** The web app's routes, inside App's BrowserRouter. */
export function AppRoutes() {
  const location = useLocation();
  // Which route shows the page, by its path pattern: LazyPageArea gives another page a new loading boundary.
  const pageRoute = (matchRoutes(routes, location) ?? []).map((match) => match.route.path ?? (match.route.index ? '(index)' : '')).join('/');
  return (
    <PageRouteContext.Provider value={pageRoute}>
      <RouteErrors>{useRoutes(routes, location)}</RouteErrors>
    </PageRouteContext.Provider>
  );
}
