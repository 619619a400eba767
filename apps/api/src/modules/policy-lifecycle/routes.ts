import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, policySchema, policyTerminationInputSchema, renewalInputSchema, renewalProposalSchema, renewalSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { renewPolicy } from './renewal';
import { renewalProposal } from './renewal-rent';
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
        summary:
          'Renovar una póliza activa, por vencer o vencida: crea la nueva en Creada con los mismos datos y la vigencia siguiente; con `rent`, su renta (sobre el aumento máximo de la sucursal se acepta con aviso en `rentWarning`)',
        params: idParamsSchema,
        body: renewalInputSchema,
        response: { 201: renewalSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await renewPolicy(app.db, currentUser(request), request.params.id, request.body?.rent)),
  );

  app.get(
    '/api/policy/:id/renewal',
    {
      schema: {
        tags,
        security,
        summary: 'La renta que propone la renovación: la actual aumentada por el máximo anual de la sucursal (con su fuente)',
        params: idParamsSchema,
        response: { 200: renewalProposalSchema, ...errors },
      },
    },
    (request) => renewalProposal(app.db, currentUser(request), request.params.id),
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
