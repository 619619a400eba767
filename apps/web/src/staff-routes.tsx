import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { paths } from '@/lib/paths';

/*
 * The shell's screens (children of the 'app' route in router.tsx). They are a module of their own
 * so that /login and the public pages do not carry their table: every lazy import below lists the
 * chunks it preloads, and those lists were most of the entry chunk (issue 30's 130 KB budget).
 */

const adminLoader = (args: LoaderFunctionArgs) => import('@/app/guards').then((m) => m.adminLoader(args));
const managerLoader = (args: LoaderFunctionArgs) => import('@/app/guards').then((m) => m.managerLoader(args));
const policyEditorLoader = (args: LoaderFunctionArgs) => import('@/app/guards').then((m) => m.policyEditorLoader(args));
const leadWorkerLoader = (args: LoaderFunctionArgs) => import('@/app/guards').then((m) => m.leadWorkerLoader(args));
const feeManagerLoader = (args: LoaderFunctionArgs) => import('@/app/guards').then((m) => m.feeManagerLoader(args));

// The session is re-checked (GET /api/auth/me, cached 30 s) on every navigation into these screens.
const alwaysRecheck = () => true;

export const staffRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@/features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
  {
    path: paths.policies.list.pattern,
    // The first page is asked for beside the screen's code, not after it renders (issue 13).
    loader: ({ request }) => {
      void import('@/features/policies/prefetch').then((m) => m.prefetchPolicyList(request.url));
      return null;
    },
    lazy: () => import('@/features/policies/pages/policies-page').then((m) => ({ Component: m.PoliciesPage })),
  },
  {
    path: paths.policies.tracking.pattern,
    lazy: () =>
      import('@/features/policies/pages/policy-tracking-page').then((m) => ({ Component: m.PolicyTrackingPage })),
  },
  {
    path: paths.policies.new.pattern,
    loader: policyEditorLoader,
    lazy: () => import('@/features/policies/pages/policy-create-page').then((m) => ({ Component: m.PolicyCreatePage })),
  },
  {
    path: paths.policies.edit.pattern,
    loader: policyEditorLoader,
    lazy: () => import('@/features/policies/pages/policy-edit-page').then((m) => ({ Component: m.PolicyEditPage })),
  },
  {
    // After the static /policies/… paths in rank, whatever the order: React Router prefers them.
    path: paths.policies.detail.pattern,
    lazy: () => import('@/features/policies/pages/policy-file-page').then((m) => ({ Component: m.PolicyFilePage })),
  },
  {
    path: paths.policies.moveOut.pattern,
    lazy: () => import('@/features/move-out/pages/move-out-page').then((m) => ({ Component: m.MoveOutPage })),
  },
  {
    path: paths.policies.results.pattern,
    lazy: () =>
      import('@/features/investigations/pages/investigation-results-page').then((m) => ({
        Component: m.InvestigationResultsPage,
      })),
  },
  {
    path: paths.uploadDocuments.pattern,
    loader: policyEditorLoader,
    lazy: () =>
      import('@/features/investigations/pages/upload-documents-page').then((m) => ({ Component: m.UploadDocumentsPage })),
  },
  {
    path: paths.rents.arrears.pattern,
    lazy: () => import('@/features/rents/pages/arrears-page').then((m) => ({ Component: m.ArrearsPage })),
  },
  {
    // Issue 34: 'Facturas', for feeManagerRoles (the same roles as managerRoles: admins and managers).
    path: paths.invoices.pattern,
    loader: feeManagerLoader,
    lazy: () => import('@/features/invoices/pages/invoices-page').then((m) => ({ Component: m.InvoicesPage })),
  },
  {
    // Issue 34: 'Facturación', the billing report (managers and admins).
    path: paths.billing.report.pattern,
    loader: feeManagerLoader,
    shouldRevalidate: alwaysRecheck,
    lazy: () => import('@/features/fees/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
  },
  {
    // Issue 33: 'Incidencias', the list and board across cases and the monthly summary.
    path: paths.claims.list.pattern,
    lazy: () => import('@/features/claims/pages/claims-page').then((m) => ({ Component: m.ClaimsPage })),
  },
  {
    // Issue 33: one incidencia; every staff role reads it (the buttons follow claimEditorRoles).
    path: paths.claims.detail.pattern,
    lazy: () => import('@/features/claims/pages/claim-page').then((m) => ({ Component: m.ClaimPage })),
  },
  {
    // Issue 34: asesores and inmobiliarias, their commissions and statement: managers and admins.
    path: paths.brokers.list.pattern,
    loader: feeManagerLoader,
    lazy: () => import('@/features/brokers/pages/brokers-page').then((m) => ({ Component: m.BrokersPage })),
  },
  {
    path: paths.brokers.detail.pattern,
    loader: feeManagerLoader,
    lazy: () => import('@/features/brokers/pages/broker-page').then((m) => ({ Component: m.BrokerPage })),
  },
  {
    path: paths.brokers.report.pattern,
    loader: feeManagerLoader,
    lazy: () => import('@/features/brokers/pages/commissions-report-page').then((m) => ({ Component: m.CommissionsReportPage })),
  },
  {
    path: paths.addendums.list.pattern,
    lazy: () => import('@/features/addendums/pages/addendums-page').then((m) => ({ Component: m.AddendumsPage })),
  },
  {
    path: paths.addendums.new.pattern,
    lazy: () =>
      import('@/features/addendums/pages/addendum-create-page').then((m) => ({ Component: m.AddendumCreatePage })),
  },
  {
    path: paths.addendums.edit.pattern,
    lazy: () => import('@/features/addendums/pages/addendum-edit-page').then((m) => ({ Component: m.AddendumEditPage })),
  },
  {
    path: paths.appointments.pattern,
    lazy: () => import('@/features/appointments/pages/appointments-page').then((m) => ({ Component: m.AppointmentsPage })),
  },
  {
    path: paths.leads.pattern,
    loader: leadWorkerLoader,
    lazy: () => import('@/features/leads/pages/leads-page').then((m) => ({ Component: m.LeadsPage })),
  },
  {
    // Lead capture settings (issue 20): managers and admins.
    path: paths.leadCapture.pattern,
    loader: managerLoader,
    shouldRevalidate: alwaysRecheck,
    lazy: () => import('@/features/lead-capture/pages/lead-capture-page').then((m) => ({ Component: m.LeadCapturePage })),
  },
  {
    // WhatsApp settings (issue 20): managers and admins.
    path: paths.settings.whatsapp.pattern,
    loader: managerLoader,
    shouldRevalidate: alwaysRecheck,
    lazy: () => import('@/features/whatsapp/pages/whatsapp-settings-page').then((m) => ({ Component: m.WhatsappSettingsPage })),
  },
  {
    path: paths.account.pattern,
    lazy: () => import('@/features/account/pages/account-page').then((m) => ({ Component: m.AccountPage })),
  },
  {
    id: 'admin',
    loader: adminLoader,
    shouldRevalidate: alwaysRecheck,
    children: [
      {
        path: paths.admin.users.list.pattern,
        lazy: () => import('@/features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: paths.admin.users.new.pattern,
        lazy: () =>
          import('@/features/users/pages/user-create-page').then((m) => ({ Component: m.UserCreatePage })),
      },
      {
        path: paths.admin.users.edit.pattern,
        lazy: () => import('@/features/users/pages/user-edit-page').then((m) => ({ Component: m.UserEditPage })),
      },
      {
        path: paths.admin.branches.list.pattern,
        lazy: () =>
          import('@/features/branches/pages/branches-page').then((m) => ({ Component: m.BranchesPage })),
      },
      {
        path: paths.admin.branches.new.pattern,
        lazy: () =>
          import('@/features/branches/pages/branch-create-page').then((m) => ({ Component: m.BranchCreatePage })),
      },
      {
        path: paths.admin.branches.edit.pattern,
        lazy: () =>
          import('@/features/branches/pages/branch-edit-page').then((m) => ({ Component: m.BranchEditPage })),
      },
      {
        path: paths.admin.templates.pattern,
        lazy: () => import('@/features/contracts/pages/templates-page').then((m) => ({ Component: m.TemplatesPage })),
      },
      {
        path: paths.admin.privacy.pattern,
        lazy: () => import('@/features/public-links/pages/privacy-notice-page').then((m) => ({ Component: m.PrivacyNoticePage })),
      },
      {
        path: paths.admin.retention.pattern,
        lazy: () => import('@/features/retention/pages/retention-page').then((m) => ({ Component: m.RetentionPage })),
      },
      {
        path: paths.admin.arco.pattern,
        lazy: () => import('@/features/arco/pages/arco-page').then((m) => ({ Component: m.ArcoPage })),
      },
      {
        path: paths.claims.stages.pattern,
        lazy: () => import('@/features/claims/pages/claim-stages-page').then((m) => ({ Component: m.ClaimStagesPage })),
      },
      {
        path: paths.admin.tariffs.pattern,
        lazy: () => import('@/features/fees/pages/tariffs-page').then((m) => ({ Component: m.TariffsPage })),
      },
      {
        path: paths.admin.emails.pattern,
        lazy: () => import('@/features/email/pages/emails-page').then((m) => ({ Component: m.EmailsPage })),
      },
      {
        path: paths.admin.jobs.pattern,
        lazy: () => import('@/features/jobs/pages/jobs-page').then((m) => ({ Component: m.JobsPage })),
      },
    ],
  },
  { path: '*', lazy: () => import('@/app/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
];
