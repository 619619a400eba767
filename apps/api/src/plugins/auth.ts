import fp from 'fastify-plugin';
import type { FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages, hasRole, type Role } from '@portal/domain';
import { AppError, forbidden, sessionExpired, unauthorized } from '../lib/app-error';
import type { AuthUser } from '../lib/auth-user';

export interface AuthPluginOptions {
  /**
   * The active user an access token belongs to, or null (bad or expired token, unknown or
   * inactive user). Given by app.ts from the auth module: plugins depend on no module.
   */
  userForToken: (token: string) => Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A hook refusing (403) anyone whose role is not one of the allowed: a set of the domain's permissions.ts. */
    requireRole: (allowed: readonly Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user of a route that ran `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized(authMessages.unauthenticated);
  return request.authUser;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The detail field of the 403 a user with a temporary password gets elsewhere: its code says
 * what it is now, the detail stays for the clients that read it (decision 019).
 */
const PASSWORD_CHANGE_REQUIRED = 'passwordChangeRequired';

/** What a user holding a temporary password may do: see who they are, change it, sign out. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['/api/auth/me', '/api/auth/logout', '/api/account', '/api/account/password']);

export const authPlugin = fp(async (app, options: AuthPluginOptions) => {
  app.decorateRequest('authUser', null);

  /**
   * Verifies the bearer token, then reloads the user: a deactivated user (or a role change)
   * takes effect on the next request, not when the 15-minute token runs out.
   */
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(authMessages.unauthenticated);
    const user = await options.userForToken(token);
    if (!user) throw sessionExpired();
    request.authUser = user;
    if (user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? '')) {
      // The web recognises the code and sends them to 'Cambiar contraseña'.
      const detail = { field: PASSWORD_CHANGE_REQUIRED, message: authMessages.passwordChangeRequired };
      throw new AppError(403, authMessages.passwordChangeRequired, [detail], 'password_change_required');
    }
  });

  app.decorate('requireRole', (allowed: readonly Role[]) => async (request: FastifyRequest) => {
    if (!hasRole(currentUser(request).role, allowed)) throw forbidden(authMessages.forbidden);
  });
});

/**
 * Staff routes: every route registered through this wants a signed-in user (the 401 without one,
 * the 403 of a temporary password), checked before anything else the routes do. A module's
 * index.ts registers its staff routes through it; public routes (plugins/public-routes.ts), the
 * gateway's webhook, sign-in, health and metrics are registered without it.
 */
export function staffRoutes<Options extends FastifyPluginOptions>(routes: FastifyPluginAsyncZod<Options>): FastifyPluginAsyncZod<Options> {
  return async (scope, options) => {
    scope.addHook('onRequest', scope.authenticate);
    await scope.register(routes, options);
  };
}
