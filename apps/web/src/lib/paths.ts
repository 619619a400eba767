/**
 * The investigation screens take their input as router state (spec), and the folio also in the
 * URL so a reload or a shared link still knows which investigation it shows.
 */
function withFolio(path: string, folio?: string): string {
  return folio ? `${path}?folio=${encodeURIComponent(folio)}` : path;
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
  dashboard: { pattern: '/', to: () => '/' },
  policies: {
    list: { pattern: '/policies', to: () => '/policies' },
    tracking: { pattern: '/policies/tracking', to: () => '/policies/tracking' },
    new: { pattern: '/policies/new', to: () => '/policies/new' },
    edit: { pattern: '/policies/:id/edit', to: (id: string | number) => `/policies/${id}/edit` },
    results: { pattern: '/policies/results', to: (folio?: string) => withFolio('/policies/results', folio) },
  },
  uploadDocuments: { pattern: '/upload-documents', to: (folio?: string) => withFolio('/upload-documents', folio) },
  addendums: {
    list: { pattern: '/addendums', to: () => '/addendums' },
    new: { pattern: '/addendums/new', to: () => '/addendums/new' },
    edit: { pattern: '/addendums/:id/edit', to: (id: string | number) => `/addendums/${id}/edit` },
  },
  appointments: { pattern: '/appointments', to: () => '/appointments' },
  leads: { pattern: '/leads', to: () => '/leads' },
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
