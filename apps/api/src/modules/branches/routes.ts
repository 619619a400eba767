import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminRoles,
  apiErrorSchema,
  branchListSchema,
  branchSchema,
  branchStatusChangeSchema,
  branchUpdateBodySchema,
  createBranchRequestSchema,
  idParamsSchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import * as repo from './repository';
import * as branches from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** Branches are the admin's alone: every route here needs a signed-in admin. */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['branches'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/branches',
    { schema: { tags, security, summary: 'Lista de sucursales', response: { 200: branchListSchema, ...errors } } },
    () => repo.listBranches(app.db),
  );

  app.get(
    '/api/branches/:id',
    { schema: { tags, security, summary: 'Una sucursal', params: idParamsSchema, response: { 200: branchSchema, ...errors } } },
    async (request, reply) => withETag(reply, await branches.getBranch(app.db, request.params.id)),
  );

  app.post(
    '/api/branches',
    {
      schema: { tags, security, summary: 'Crear sucursal', body: createBranchRequestSchema, response: { 201: branchSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await branches.createBranch(app.db, request.body)),
  );

  app.post(
    '/api/branches/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Actualizar sucursal (registro completo, con If-Match: "v{versión}" opcional —412 si otra persona guardó antes—, o solo { status })',
        params: idParamsSchema,
        body: branchUpdateBodySchema,
        response: { 200: branchSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const actorId = currentUser(request).id;
      // The list's { status } needs no version: the change itself is the intent.
      const branch = isStatusChange(body)
        ? await branches.changeBranchStatus(app.db, actorId, request.params.id, body.status)
        : await branches.updateBranch(app.db, actorId, request.params.id, body, ifMatchOf(request));
      return withETag(reply, branch);
    },
  );

  app.delete(
    '/api/branches/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Dar de baja una sucursal (queda inactiva; sus datos se conservan)',
        params: idParamsSchema,
        response: { 200: branchSchema, ...errors },
      },
    },
    (request) => branches.changeBranchStatus(app.db, currentUser(request).id, request.params.id, 'inactive'),
  );
};

function isStatusChange(body: z.output<typeof branchUpdateBodySchema>): body is z.output<typeof branchStatusChangeSchema> {
  return Object.keys(body).length === 1 && 'status' in body;
}
