import { redirect, type LoaderFunctionArgs } from 'react-router';
import { adminRoles, feeManagerRoles, hasRole, leadWorkerRoles, managerRoles, policyEditorRoles, type Role, type SessionUser } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { paths } from '@/lib/paths';
import { endSession, getUser, hasToken, meQueryOptions, setUser } from '@/features/auth';

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

// Loaded with the shell, not by /login: it brings the query client (issue 13).

/**
 * Re-checks the session on entering a protected screen: no token → /login (remembering the
 * page); otherwise GET /api/auth/me (cached 30 s), which also refreshes the stored user (a role
 * or branch changed by an admin shows up). When the server cannot be reached the stored user
 * is trusted until it can.
 */
async function requireSession(request: Request): Promise<SessionUser> {
  if (!hasToken()) throw redirect(paths.login.to(currentPath(request)));
  try {
    const user = await queryClient.fetchQuery(meQueryOptions());
    if (JSON.stringify(user) !== JSON.stringify(getUser())) setUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      endSession('expired');
      throw redirect(paths.login.to(currentPath(request)));
    }
    const stored = getUser();
    if (stored) return stored;
    throw error;
  }
}

export async function protectedLoader({ request }: LoaderFunctionArgs) {
  await requireSession(request);
  return null;
}

/** A branch's settings (WhatsApp, issue 20) are its managers' and the admins': anyone else goes to the dashboard. */
export async function managerLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSession(request);
  if (!hasRole(user.role, managerRoles)) throw redirect(paths.dashboard.to());
  return null;
}

/** Users and branches are the admin's: anyone else goes to the dashboard. */
export async function adminLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSession(request);
  if (!hasRole(user.role, adminRoles)) throw redirect(paths.dashboard.to());
  return null;
}

/** A screen for the roles of `allowed` only: anyone else goes to the dashboard. */
const rolesLoader =
  (allowed: readonly Role[]) =>
  async ({ request }: LoaderFunctionArgs) => {
    const user = await requireSession(request);
    if (!hasRole(user.role, allowed)) throw redirect(paths.dashboard.to());
    return null;
  };

/** The policy form and the investigation's uploads write a policy's data: not the lawyer's (issue 33). */
export const policyEditorLoader = rolesLoader(policyEditorRoles);

/** The leads board is sales' work: not the lawyer's (issue 33). */
export const leadWorkerLoader = rolesLoader(leadWorkerRoles);

/** The office's money (issue 34): 'Facturación', the asesores' directory, their commissions and statements; managers and admins. */
export const feeManagerLoader = rolesLoader(feeManagerRoles);
