import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminRoles,
  apiErrorSchema,
  createUserRequestSchema,
  idParamsSchema,
  noContentSchema,
  temporaryPasswordSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userStatusChangeSchema,
  userUpdateBodySchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import * as repo from './repository';
import * as users from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** Users are the admin's alone: every route here needs a signed-in admin. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        security,
        summary: 'Lista de usuarios',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errors },
      },
    },
    (request) => repo.listUsers(app.db, request.query),
  );

  app.get(
    '/api/users/:id',
    { schema: { tags, security, summary: 'Un usuario', params: idParamsSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => withETag(reply, await users.getUser(app.db, request.params.id)),
  );

  app.post(
    '/api/users',
    {
      schema: { tags, security, summary: 'Crear usuario', body: createUserRequestSchema, response: { 201: userSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await users.createUser(app.db, request.body)),
  );

  app.post(
    '/api/users/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Actualizar usuario (registro completo, con contraseña para restablecerla y If-Match: "v{versión}" opcional —412 si otra persona guardó antes—, o solo { status })',
        params: idParamsSchema,
        body: userUpdateBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = request.body;
      // The row menu's { status } needs no version: the change itself is the intent.
      const user = isStatusChange(body)
        ? await users.changeUserStatus(app.db, actor, request.params.id, body.status)
        : await users.updateUser(app.db, actor, request.params.id, body, ifMatchOf(request));
      return withETag(reply, user);
    },
  );

  app.post(
    '/api/users/:id/mfa/reset',
    {
      schema: {
        tags,
        security,
        summary: 'Restablecer la verificación en dos pasos de un usuario (queda sin ella)',
        params: idParamsSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const user = await users.resetUserMfa(app.db, request.params.id);
      // The record of who turned off whose second factor (no history table for users).
      request.log.info({ userId: user.id, by: currentUser(request).id }, 'verificación en dos pasos restablecida');
      return user;
    },
  );

  app.post(
    '/api/users/:id/temporary-password',
    {
      schema: {
        tags,
        security,
        summary: 'Generar una contraseña temporal (se muestra una sola vez; debe cambiarse al iniciar sesión)',
        params: idParamsSchema,
        response: { 200: temporaryPasswordSchema, ...errors },
      },
    },
    (request) => users.issueTemporaryPassword(app.db, request.params.id),
  );

  app.post(
    '/api/users/:id/unlock',
    {
      schema: {
        tags,
        security,
        summary: 'Desbloquear el inicio de sesión (borra los intentos fallidos de la cuenta)',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await users.unlockUser(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

function isStatusChange(body: z.output<typeof userUpdateBodySchema>): body is z.output<typeof userStatusChangeSchema> {
  return Object.keys(body).length === 1 && 'status' in body;
}
