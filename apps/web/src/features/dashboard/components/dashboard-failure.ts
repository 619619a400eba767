import { isPageLeavingError } from '@/lib/api-client';
import { isApiError, isPasswordChangeRequired } from '@/lib/api-error';

export const dashboardMessages = {
  loading: 'Cargando estadísticas...',
  sessionOrNetwork: 'Se ha detectado un error de red o sesión expirada. Cerrando sesión...',
  other: 'Error al cargar los datos. Intente nuevamente.',
} as const;

/** Spec section 8: after a network or session failure the dashboard signs out this much later. */
export const dashboardLogoutDelayMs = 2_000;

export type DashboardFailure = 'session-or-network' | 'other' | 'page-leaving' | 'password-change';

/**
 * Spec section 8 splits the dashboard's failures in two. A timeout, no response, being offline,
 * an aborted call, a 401 or a 403 mean the session cannot go on: say so and sign out. Anything
 * else (a 500, a 404…) may pass: offer a retry. A call the browser cut short because the page
 * is going away (reload, another address) is neither: the user left, nothing failed (issue 22).
 */
export function classifyDashboardFailure(error: unknown): DashboardFailure {
  if (isPageLeavingError(error)) return 'page-leaving';
  // A temporary password's 403: the API client is already taking the user to change it (issue
  // 19); signing out 2 s later would throw them back to /login if that screen is slow to come.
  if (isPasswordChangeRequired(error)) return 'password-change';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'session-or-network';
  if (error instanceof Error && error.name === 'AbortError') return 'session-or-network';
  if (isApiError(error) && (error.status === 0 || error.status === 401 || error.status === 403)) return 'session-or-network';
  return 'other';
}
