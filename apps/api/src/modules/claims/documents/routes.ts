import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimDocumentKindLabels, claimEditorRoles, claimEndpoints } from '@portal/domain';
import { currentUser } from '../../../plugins/auth';
import { sendStoredFile } from '../../../plugins/files';
import { endpointRoute } from '../../../lib/endpoint-route';
import { recordAccess } from '../../access-log/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * An incidencia's documents from templates (issue 33): staff who work cases draw them; every
 * role of the branch opens them, as it opens the expediente's documents (the access log says who).
 */
export const claimDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['claims'];
  const security = [{ bearerAuth: [] }];
  const onDiscardError = (error: unknown, storedName: string) => app.log.error({ err: error, storedName }, 'could not remove a claim document');

  app.route({
    ...endpointRoute(
      claimEndpoints.drawDocument,
      { tags, security, summary: 'Generar un documento de la incidencia desde su plantilla (requerimiento, carta a obligados, convenio, resumen para demanda)' },
      errors,
    ),
    onRequest: app.requireRole(claimEditorRoles),
    handler: async (request, reply) => {
      const document = await service.drawClaimDocument(app.db, app.files, currentUser(request), request.params.id, request.params.kind, onDiscardError);
      return reply.status(201).send(document);
    },
  });

  app.get(
    claimEndpoints.document.path,
    { schema: { tags, security, summary: 'Abrir un documento generado de una incidencia (PDF)', params: claimEndpoints.document.params } },
    async (request, reply) => {
      const document = await service.claimDocumentFile(app.db, currentUser(request), request.params.id);
      await recordAccess(app.db, request, { action: 'claim_doc_download', policyId: document.policyId, subject: `${claimDocumentKindLabels[document.kind]}: ${document.fileName}` });
      return sendStoredFile(reply, { storedName: document.storedName, mimeType: 'application/pdf', size: document.size, downloadName: document.fileName }, 'inline');
    },
  );
};
