/**
 * Which list opened an investigation screen, carried as `?from=` so the sidebar marks that
 * list (also after a reload). Without it the screens belong to 'Pólizas'.
 */
export type InvestigationOrigin = 'tracking';
const originParam = 'from';

export function investigationOrigin(search: string): InvestigationOrigin | null {
  return new URLSearchParams(search).get(originParam) === 'tracking' ? 'tracking' : null;
}

/**
 * The investigation screens take their input as router state (spec), and the folio also in the
 * URL so a reload or a shared link still knows which investigation it shows.
 */
function withFolio(path: string, folio?: string, from?: InvestigationOrigin): string {
  const query = new URLSearchParams();
  if (folio) query.set('folio', folio);
  if (from) query.set(originParam, from);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function withQuery(path: string, query?: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query ?? {}).map(([key, value]) => [key, String(value)])).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Every URL of the web app, in one place: `pattern` is what the router matches, `to()` builds a
 * link. Screens and guards never spell a path by hand.
 */
export const paths = {
  login: {
    pattern: '/login',
    to: (redirectTo?: string) =>
      redirectTo && redirectTo !== '/' ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
  },
  /** An admin made to enrol MFA before signing in (MFA_REQUIRED_FOR=admin); the challenge comes in the navigation's state. */
  mfaSetup: { pattern: '/login/mfa-setup', to: () => '/login/mfa-setup' },
  dashboard: { pattern: '/', to: () => '/' },
  policies: {
    /** `filters` as the list keeps them in its URL (`?status=active`): the dashboard's cards link there. */
    list: { pattern: '/policies', to: (filters?: Record<string, string | number>) => withQuery('/policies', filters) },
    tracking: { pattern: '/policies/tracking', to: () => '/policies/tracking' },
    new: { pattern: '/policies/new', to: () => '/policies/new' },
    edit: { pattern: '/policies/:id/edit', to: (id: string | number) => `/policies/${id}/edit` },
    /** The policy's file (expediente, issue 14); `section` is an anchor such as 'documentos'. */
    detail: { pattern: '/policies/:id', to: (id: string | number, section?: string) => `/policies/${id}${section ? `#${section}` : ''}` },
    /** 'Entrega del inmueble' (issue 32): the acta de entrega-recepción and the deposit's settlement. */
    moveOut: { pattern: '/policies/:id/entrega', to: (id: string | number) => `/policies/${id}/entrega` },
    results: { pattern: '/policies/results', to: (folio?: string, from?: InvestigationOrigin) => withFolio('/policies/results', folio, from) },
  },
  uploadDocuments: { pattern: '/upload-documents', to: (folio?: string, from?: InvestigationOrigin) => withFolio('/upload-documents', folio, from) },
  /** The aging report (issue 32); `query` as it keeps its filters in the URL (`?sucursal=2&antiguedad=61-90`). */
  /** 'Facturas' (issue 34): the month's CFDI of fee payments (`query` keeps the filters in the URL). */
  invoices: { pattern: '/invoices', to: (query?: Record<string, string | number>) => withQuery('/invoices', query) },
  rents: {
    arrears: { pattern: '/rents/arrears', to: (query?: Record<string, string | number>) => withQuery('/rents/arrears', query) },
  },
  /** 'Incidencias' (issue 33): the list and board (`query` keeps the filters in the URL), a case's page, the stages' names (admins). */
  claims: {
    list: { pattern: '/claims', to: (query?: Record<string, string | number>) => withQuery('/claims', query) },
    detail: { pattern: '/claims/:id', to: (id: string | number) => `/claims/${id}` },
    stages: { pattern: '/admin/claim-stages', to: () => '/admin/claim-stages' },
  },
  /** 'Asesores' (issue 34): the directory, a broker's commissions and statement, 'Comisiones por pagar'. */
  brokers: {
    list: { pattern: '/brokers', to: () => '/brokers' },
    detail: { pattern: '/brokers/:id', to: (id: string | number) => `/brokers/${id}` },
    report: { pattern: '/reports/commissions', to: () => '/reports/commissions' },
  },
  /** 'Facturación' (issue 34): the billing report per branch and month; managers and admins. */
  billing: {
    report: { pattern: '/billing', to: (query?: Record<string, string | number>) => withQuery('/billing', query) },
  },
  addendums: {
    list: { pattern: '/addendums', to: () => '/addendums' },
    new: { pattern: '/addendums/new', to: () => '/addendums/new' },
    edit: { pattern: '/addendums/:id/edit', to: (id: string | number) => `/addendums/${id}/edit` },
  },
  appointments: { pattern: '/appointments', to: () => '/appointments' },
  leads: { pattern: '/leads', to: () => '/leads' },
  /** 'Captura de leads' (issue 20): the web form's key and sites, the WhatsApp webhook; managers and admins. */
  leadCapture: { pattern: '/lead-capture', to: () => '/lead-capture' },
  /** A branch's settings for its managers (and admins). */
  settings: {
    /** The branch's WhatsApp gateway and message templates (issue 20). */
    whatsapp: { pattern: '/settings/whatsapp', to: () => '/settings/whatsapp' },
  },
  /** 'Mi cuenta' (issue 15): the signed-in user's own data, password and e-mail choices. */
  account: { pattern: '/account', to: () => '/account' },
  /** A person's link (issue 17): public, no shell, no session; the token is the credential. */
  publicLink: { pattern: '/p/:token', to: (token: string) => `/p/${token}` },
  /** An appointment invitation's answer page (issue 20), public. */
  appointmentInvitation: { pattern: '/cita/:token' },
  /** An owner's rent confirmation page (issue 32), public. */
  rentConfirmation: { pattern: '/r/:token' },
  /** The owner's or tenant's photos for the acta de entrega (issue 32), public. */
  moveOutPhotos: { pattern: '/entrega/:token' },
  /** Anyone checks a signed PDF, or opens the code printed on its evidence page (issue 35), public. */
  verification: {
    upload: { pattern: '/verificar', to: () => '/verificar' },
    byCode: { pattern: '/verificar/:code', to: (code: string) => `/verificar/${code}` },
  },
  admin: {
    users: {
      list: { pattern: '/admin/users', to: () => '/admin/users' },
      new: { pattern: '/admin/users/new', to: () => '/admin/users/new' },
      edit: { pattern: '/admin/users/:id/edit', to: (id: string | number) => `/admin/users/${id}/edit` },
    },
    branches: {
      list: { pattern: '/admin/branches', to: () => '/admin/branches' },
      new: { pattern: '/admin/branches/new', to: () => '/admin/branches/new' },
      edit: { pattern: '/admin/branches/:id/edit', to: (id: string | number) => `/admin/branches/${id}/edit` },
    },
    jobs: { pattern: '/admin/jobs', to: () => '/admin/jobs' },
    /** The e-mail outbox (issue 15). */
    emails: { pattern: '/admin/emails', to: () => '/admin/emails' },
    /** The contract templates (issue 16). */
    templates: { pattern: '/admin/templates', to: () => '/admin/templates' },
    /** The aviso de privacidad the people outside accept (issue 17). */
    privacy: { pattern: '/admin/privacy', to: () => '/admin/privacy' },
    /** The branches' retention periods and the next run's dry run (issue 19). */
    retention: { pattern: '/admin/retention', to: () => '/admin/retention' },
    /** ARCO requests (issue 19): a person's records, their export and cancellation. */
    arco: { pattern: '/admin/arco', to: () => '/admin/arco' },
    /** The fee's tariffs per branch and policy type (issue 34). */
    tariffs: { pattern: '/admin/tarifas', to: () => '/admin/tarifas' },
  },
} as const;

/**
 * The page to return to after signing in, from `?redirectTo=`. Only same-origin paths are
 * accepted (never `//host` or `https://…`), and never the login page itself.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.dashboard.to();
  if (value === paths.login.pattern || value.startsWith(`${paths.login.pattern}?`)) return paths.dashboard.to();
  return value;
}
