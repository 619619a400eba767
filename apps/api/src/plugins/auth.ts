import fp from 'fastify-plugin';
import type { FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages, type Role } from '@portal/domain';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
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
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

/** The code (detail field) of the 403 a user with a temporary password gets elsewhere. */
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
    if (!user) throw new AppError(401, authMessages.sessionExpired);
    request.authUser = user;
    if (user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? '')) {
      // The detail's field is the code the web recognises to send them to 'Cambiar contraseña'.
      throw new AppError(403, authMessages.passwordChangeRequired, [{ field: PASSWORD_CHANGE_REQUIRED, message: authMessages.passwordChangeRequired }]);
    }
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    if (!roles.includes(currentUser(request).role)) throw forbidden(authMessages.forbidden);
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
