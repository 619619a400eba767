import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, paymentRecorderRoles, rentFileEndpoints, rentProofEndpoints } from '@portal/domain';
import { currentUser } from '../../../plugins/auth';
import { sendStoredFile } from '../../../plugins/files';
import { endpointRoute } from '../../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../../lib/conditional-write';
import { publicBaseUrl } from '../../../lib/public-url';
import { recordAccess } from '../../access-log/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** The tenant's proofs of payment as staff review them (issue 32): every role of the branch reads, those who record payments decide. */
export const rentProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rents'];
  const security = [{ bearerAuth: [] }];
  const recorders = app.requireRole(paymentRecorderRoles);

  app.route({
    ...endpointRoute(rentProofEndpoints.list, { tags, security, summary: 'Comprobantes de pago enviados por el inquilino (los pendientes de revisar, contados)' }, errors),
    handler: (request) => service.listProofs(app.db, currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(rentProofEndpoints.issueLink, { tags, security, summary: 'Enlace para que el inquilino envíe comprobantes de pago (se muestra una sola vez)' }, errors),
    onRequest: recorders,
    handler: async (request, reply) => reply.status(201).send(await service.issueProofLink(app.db, currentUser(request), request.params.id, request.body, publicBaseUrl(request))),
  });

  app.route({
    ...endpointRoute(
      rentProofEndpoints.confirm,
      { tags, security, summary: 'Confirmar un comprobante: se registra el pago con el archivo como comprobante (409 si ya se revisó; If-Match opcional)' },
      errors,
    ),
    onRequest: recorders,
    handler: async (request, reply) => withETag(reply, await service.confirmProof(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(rentProofEndpoints.reject, { tags, security, summary: 'Rechazar un comprobante con motivo (el inquilino lo ve)' }, errors),
    onRequest: recorders,
    handler: (request) => service.rejectProof(app.db, currentUser(request), request.params.id, request.body.reason),
  });

  app.route({
    ...endpointRoute(rentFileEndpoints.proofFile, { tags, security, summary: 'Descargar (o ver, con disposition=inline) el archivo de un comprobante del inquilino' }, errors),
    handler: async (request, reply) => {
      const file = await service.proofFile(app.db, currentUser(request), request.params.id);
      const viewed = request.query.disposition === 'inline';
      await recordAccess(app.db, request, { action: viewed ? 'document_view' : 'document_download', policyId: file.policyId, subject: `Comprobante del inquilino: ${file.downloadName}` });
      return sendStoredFile(reply, file, request.query.disposition);
    },
  });
};
