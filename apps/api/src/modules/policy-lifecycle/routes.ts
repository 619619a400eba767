import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, policySchema, policyTerminationInputSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { renewPolicy } from './renewal';
import { terminatePolicy } from './termination';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** A policy's renewal and early termination (issue 15), documented with the other policy routes. */
export const policyLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['policies'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/api/policy/:id/renew',
    {
      schema: {
        tags,
        security,
        summary: 'Renovar una póliza activa, por vencer o vencida: crea la nueva en Creada con los mismos datos y la vigencia siguiente',
        params: idParamsSchema,
        response: { 201: policySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await renewPolicy(app.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/policy/:id/terminate',
    {
      schema: {
        tags,
        security,
        summary: 'Terminar anticipadamente una póliza activa o por vencer (gerente o administrador), con motivo',
        params: idParamsSchema,
        body: policyTerminationInputSchema,
        response: { 200: policySchema, ...errors },
      },
    },
    (request) => terminatePolicy(app.db, currentUser(request), request.params.id, request.body),
  );
};
