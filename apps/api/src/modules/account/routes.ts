import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, apiErrorSchema, changePasswordSchema, emailPreferencesSchema, noContentSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** 'Mi cuenta': every signed-in user, about themselves only (no id in any path). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/account',
    { schema: { tags, security, summary: 'Mis datos y qué notificaciones recibo por correo', response: { 200: accountSchema, ...errors } } },
    (request) => service.getAccount(app.db, currentUser(request)),
  );

  app.put(
    '/api/account/notification-preferences',
    {
      schema: {
        tags,
        security,
        summary: 'Elegir qué tipos de notificación también llegan por correo',
        body: emailPreferencesSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    (request) => service.saveEmailPreferences(app.db, currentUser(request), request.body.emailKinds),
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        tags,
        security,
        summary: 'Cambiar mi contraseña (cierra mis otras sesiones)',
        body: changePasswordSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.changePassword(app.db, currentUser(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );
};
