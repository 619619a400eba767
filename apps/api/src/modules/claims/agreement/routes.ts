import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimEditorRoles, claimEndpoints, claimMoneyReverserRoles } from '@portal/domain';
import { currentUser } from '../../../plugins/auth';
import { withETag } from '../../../lib/conditional-write';
import { endpointRoute } from '../../../lib/endpoint-route';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The payment agreement (issue 33): staff who work cases write it and record its payments;
 * only managers reverse a payment, as with the rents. Each answers the whole case with its ETag.
 */
export const claimAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['claims'];
  const security = [{ bearerAuth: [] }];
  const editors = app.requireRole(claimEditorRoles);

  app.route({
    ...endpointRoute(claimEndpoints.agreement, { tags, security, summary: 'Registrar un convenio de pago (parcialidades con fecha e importe); la incidencia pasa a «Convenio de pago»' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await service.createAgreement(app.db, currentUser(request), request.params.id, request.body))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.instalmentPayment, { tags, security, summary: 'Registrar un pago de una parcialidad del convenio (también cuenta como monto recuperado)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await service.recordInstalmentPayment(app.db, currentUser(request), request.params.id, request.body))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.reverseInstalmentPayment, { tags, security, summary: 'Revertir un pago de una parcialidad, con su motivo (y el monto recuperado que registró)' }, errors),
    onRequest: app.requireRole(claimMoneyReverserRoles),
    handler: async (request, reply) => withETag(reply, await service.reverseInstalmentPayment(app.db, currentUser(request), request.params.id, request.body.reason)),
  });
};
