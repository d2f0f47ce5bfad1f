import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { RouteErrorScreen } from './errors/route-error-screen';
import { NotFoundPage } from './errors/not-found-page';
import { prefetchJobList } from '@/features/jobs/api/list-jobs';
import { useFirstScreenData } from './first-screen-data';
import { AuthGate } from './guards/auth-gate';
import { PublicLayout } from './layout/public-layout';
import { lazyPage, preloadPage, routeMatches, type FirstDataContext } from './lazy-page';
import { RootLayout } from './root-layout';

// The dashboard (sidebar, header, tooltips, account menus) is not part of /auth or the public pages.
const dashboardLayout = () => import('./layout/dashboard-layout');
// A client's pages (an invoice, an estimate, the hub) are framed as the business's, not ours.
const clientLayout = () => import('./layout/client-layout');
const auth = () => import('@/features/auth/routes/auth-page');
const resetPassword = () => import('@/features/auth/routes/reset-password-page');
const home = () => import('@/features/home/routes/home-page');
const help = () => import('@/features/help/routes/help-pages');
const contact = () => import('@/features/contact/routes/contact-page');
const legal = () => import('@/features/legal/routes/legal-pages');
const onboarding = () => import('@/features/onboarding/routes/onboarding-page');
const invitations = () => import('@/features/invitations/routes/accept-invitation-page');
const sharing = () => import('@/features/sharing/routes/sharing-pages');
const requestForm = () => import('@/features/request-form/routes/request-form-page');
const customers = () => import('@/features/customers/routes/customers-pages');
const quotes = () => import('@/features/quotes/routes/quotes-pages');
const jobs = () => import('@/features/jobs/routes/jobs-pages');
const jobDetails = () => import('@/features/jobs/routes/job-details-page');
const schedule = () => import('@/features/schedule/routes/schedule-page');
const invoices = () => import('@/features/invoices/routes/invoices-pages');
const publicInvoices = () => import('@/features/invoices/routes/public-invoice-pages');
const inventory = () => import('@/features/inventory/routes/inventory-pages');
const inventoryItem = () => import('@/features/inventory/routes/inventory-item-page');
const inventoryCount = () => import('@/features/inventory/routes/inventory-count-page');
const team = () => import('@/features/team/routes/team-pages');
const sales = () => import('@/features/sales/routes/sales-pages');
const reports = () => import('@/features/reports/routes/reports-page');
const map = () => import('@/features/map/routes/map-page');
const notifications = () => import('@/features/notifications/routes/notifications-page');
const inspections = () => import('@/features/inspections/routes/inspections-page');
const inspection = () => import('@/features/inspections/routes/inspection-page');
const sharedInspection = () =>
  import('@/features/inspections/routes/shared-inspection-report-page');
const settings = () => import('@/features/settings/routes/settings-page');
const assistant = () => import('@/features/assistant/routes/assistant-page');
const timeTracking = () => import('@/features/time-tracking/routes/time-tracking-page');
const fieldVisits = () => import('@/features/field-visits/routes/field-visits-pages');

// The first request of a screen, started with the session (first-screen-data.ts). The calendar's
// (its range helpers) loads on its own, beside the page's code, to keep the initial JS small.
const scheduleData = (context: FirstDataContext) =>
  void import('@/features/schedule/api/prefetch-schedule')
    .then((m) => m.prefetchSchedule(context))
    .catch(() => undefined);

/**
 * The auth gate starts fetching the dashboard's code and the screen's while it asks for the
 * session, so they arrive together rather than one after the other, and the screen's first data
 * once the session is known. A failed fetch is left to the lazy element, which then shows the
 * error screen.
 */
function AuthGateLoadingDashboard() {
  const { pathname } = useLocation();
  useFirstScreenData(routes);
  useEffect(() => {
    dashboardLayout().catch(() => undefined);
    // In a task of its own: each file asked for ahead costs the page a link (~1 ms on a phone),
    // and the layout's and the screen's are some forty together.
    const screen = setTimeout(() => {
      for (const match of routeMatches(routes, pathname)) void preloadPage(match.route.element);
    });
    // Later screens are fetched as they render anyway; this matters while the session loads.
    return () => clearTimeout(screen);
  }, [pathname]);
  return <AuthGate />;
}

/** Spec section 2: public routes. */
const publicRoutes: RouteObject[] = [
  { path: 'help-center', element: lazyPage(help, 'HelpCenterPage') },
  { path: 'contact', element: lazyPage(contact, 'ContactPage') },
  { path: 'terms', element: lazyPage(legal, 'TermsPage') },
  { path: 'privacy', element: lazyPage(legal, 'PrivacyPage') },
  { path: 'onboarding', element: lazyPage(onboarding, 'OnboardingPage') },
  { path: 'accept-invitation', element: lazyPage(invitations, 'AcceptInvitationPage') },
  { path: 'auth/accept-invitation', element: lazyPage(invitations, 'AcceptInvitationPage') },
];

/** The pages a business's client opens from a link: the business's, with none of our navigation. */
const clientRoutes: RouteObject[] = [
  { path: 'invoices/estimates/share/:id', element: lazyPage(sharing, 'SharedEstimatePage') },
  { path: 'shared/:id', element: lazyPage(sharing, 'SharedEstimatePage') },
  { path: 'request/:slug', element: lazyPage(requestForm, 'RequestFormPage') },
  // The client's invoice, and where the client lands after paying online: no session (decision 014).
  { path: 'pay/:token', element: lazyPage(publicInvoices, 'PublicInvoicePage') },
  { path: 'invoices/payment-success', element: lazyPage(publicInvoices, 'PaymentSuccessPage') },
  // The inspection report a business shared (issue 20): no session, the token is the key.
  {
    path: 'inspection-report/:token',
    element: lazyPage(sharedInspection, 'SharedInspectionReportPage'),
  },
  // The client's hub (issue 26), reached from any of the links above: a code, then a short session.
  { path: 'hub/:token', element: lazyPage(sharing, 'ClientHubPage') },
  // A completed visit's proof of service (issue 26): no session, the token is the key.
  { path: 'proof/:token', element: lazyPage(sharing, 'VisitProofPage') },
];

/** Spec section 2: protected routes, all inside the dashboard layout. */
const protectedRoutes: RouteObject[] = [
  { index: true, element: lazyPage(home, 'HomePage') },
  { path: 'map', element: lazyPage(map, 'MapPage') },
  { path: 'reports', element: lazyPage(reports, 'ReportsPage') },
  { path: 'reports/:report', element: lazyPage(reports, 'ReportsPage') },
  { path: 'notifications', element: lazyPage(notifications, 'NotificationsPage') },
  { path: 'inspections', element: lazyPage(inspections, 'InspectionsPage') },
  { path: 'inspections/:id', element: lazyPage(inspection, 'InspectionPage') },
  { path: 'settings', element: lazyPage(settings, 'SettingsPage') },
  { path: 'help', element: lazyPage(help, 'HelpPage') },
  { path: 'ai-assistant', element: lazyPage(assistant, 'AssistantPage') },
  { path: 'team', element: lazyPage(team, 'TeamPage') },
  { path: 'team/:id', element: lazyPage(team, 'TeamMemberPage') },
  { path: 'time-tracking', element: lazyPage(timeTracking, 'TimeTrackingPage') },
  { path: 'customers', element: lazyPage(customers, 'CustomersPage') },
  { path: 'customers/new', element: lazyPage(customers, 'NewCustomerPage') },
  { path: 'customers/:id', element: lazyPage(customers, 'CustomerDetailsPage') },
  { path: 'jobs', element: lazyPage(jobs, 'JobsPage', prefetchJobList) },
  { path: 'jobs/new', element: lazyPage(jobs, 'NewJobPage') },
  { path: 'jobs/:id', element: lazyPage(jobDetails, 'JobDetailsPage') },
  { path: 'tasks', element: lazyPage(jobs, 'TasksPage') },
  // Spec section 2: a task opens the same detail page as a job.
  { path: 'tasks/:id', element: lazyPage(jobDetails, 'JobDetailsPage') },
  { path: 'schedule', element: lazyPage(schedule, 'SchedulePage', scheduleData) },
  { path: 'inventory', element: lazyPage(inventory, 'InventoryPage') },
  { path: 'inventory/:category', element: lazyPage(inventory, 'InventoryCategoryPage') },
  { path: 'inventory/items/:id', element: lazyPage(inventoryItem, 'InventoryItemPage') },
  { path: 'inventory/counts/:id', element: lazyPage(inventoryCount, 'InventoryCountPage') },
  { path: 'sales', element: lazyPage(sales, 'SalesPage') },
  { path: 'sales/:id', element: lazyPage(sales, 'SaleDetailsPage') },
  {
    path: 'invoices',
    element: lazyPage(invoices, 'InvoicesLayout'),
    children: [
      { index: true, element: lazyPage(invoices, 'InvoiceListPage') },
      { path: 'payments', element: lazyPage(invoices, 'PaymentsPage') },
      { path: 'history', element: lazyPage(invoices, 'InvoiceHistoryPage') },
    ],
  },
  { path: 'invoices/new', element: lazyPage(invoices, 'NewInvoicePage') },
  // The estimates list lives under Requests; this keeps the breadcrumb's parent useful.
  { path: 'invoices/estimates', element: <Navigate to="/quotes/estimates" replace /> },
  // Spec section 2: the same detail page as /quotes/{id}, which the Requests module owns.
  { path: 'invoices/estimates/:id', element: lazyPage(quotes, 'QuoteDetailsPage') },
  { path: 'invoices/payments/:id', element: lazyPage(invoices, 'PaymentDetailsPage') },
  { path: 'invoices/:id', element: lazyPage(invoices, 'InvoiceDetailsPage') },
  {
    path: 'quotes',
    element: lazyPage(quotes, 'QuotesLayout'),
    children: [
      { index: true, element: lazyPage(quotes, 'EstimatesTab') },
      { path: 'estimates', element: lazyPage(quotes, 'EstimatesTab') },
      { path: 'quotes', element: lazyPage(quotes, 'QuotesTab') },
      { path: 'proposals', element: lazyPage(quotes, 'ProposalsTab') },
    ],
  },
  { path: 'quotes/new', element: lazyPage(quotes, 'NewQuotePage') },
  { path: 'quotes/:id', element: lazyPage(quotes, 'QuoteDetailsPage') },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: 'auth', element: lazyPage(auth, 'AuthPage') },
      // Spec section 2: the same page, which handles e-mail confirmation.
      { path: 'auth/confirm', element: lazyPage(auth, 'AuthPage') },
      // Where the password-reset e-mail lands (after the server has checked its token).
      { path: 'auth/reset-password', element: lazyPage(resetPassword, 'ResetPasswordPage') },
      { element: <PublicLayout />, children: publicRoutes },
      { element: lazyPage(clientLayout, 'ClientLayout'), children: clientRoutes },
      // The field worker's visits, outside the auth gate: they open from the phone's copy with no
      // signal; the server still decides what each request may see.
      {
        path: 'visits',
        element: lazyPage(fieldVisits, 'FieldLayout'),
        children: [
          { index: true, element: lazyPage(fieldVisits, 'FieldVisitsPage') },
          { path: ':id', element: lazyPage(fieldVisits, 'FieldVisitPage') },
        ],
      },
      {
        element: <AuthGateLoadingDashboard />,
        children: [
          {
            element: lazyPage(dashboardLayout, 'DashboardLayout'),
            children: [
              {
                errorElement: <RouteErrorScreen />,
                element: <Outlet />,
                children: protectedRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
