import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutBodySchema,
  noContentSchema,
  refreshTokenRequestSchema,
  refreshTokenResponseSchema,
  sessionUserSchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as auth from './service';
import { mfaLoginRoutes } from './mfa-routes';
import type { MfaRequiredFor } from './mfa-challenge';

export const authRoutes: FastifyPluginAsyncZod<{ jwtSecret: Uint8Array; mfaRequiredFor: MfaRequiredFor }> = async (app, { jwtSecret, mfaRequiredFor }) => {
  const tags = ['auth'];

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    (request) => auth.login(app.db, jwtSecret, request.body, request.ip, mfaRequiredFor),
  );

  await app.register(mfaLoginRoutes, { jwtSecret });

  app.post(
    '/api/auth/refresh-token',
    {
      schema: {
        tags,
        summary: 'Renovar el token de acceso (rota el token de renovación)',
        body: refreshTokenRequestSchema,
        response: { 200: refreshTokenResponseSchema, 401: apiErrorSchema },
      },
    },
    (request) => auth.refresh(app.db, jwtSecret, request.body.refreshToken),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: 'Cerrar sesión (revoca el token de renovación)',
        body: logoutBodySchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(app.db, request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Usuario de la sesión',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionUserSchema, 401: apiErrorSchema },
      },
    },
    (request) => auth.me(app.db, currentUser(request).id),
  );
};
