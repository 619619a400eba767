import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimEditorRoles, claimEndpoints, claimFileField, claimOwnerMessages } from '@portal/domain';
import { withETag } from '../../../lib/conditional-write';
import { endpointRoute } from '../../../lib/endpoint-route';
import { currentUser } from '../../../plugins/auth';
import { discardStoredFile, receiveUpload, sendStoredFile } from '../../../plugins/files';
import { recordAccess } from '../../access-log/index';
import { evidenceFileTypes, evidenceUploadMessages } from './evidence-files';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** A case's evidence as staff add and read it (issue 33): photos and PDFs, branch-scoped, every read logged. */
export const claimFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['claims'];
  const security = [{ bearerAuth: [] }];
  const messages = evidenceUploadMessages(app.config.maxUploadBytes, claimOwnerMessages.fileMissing);

  const upload = endpointRoute(claimEndpoints.uploadFile, { tags, security, summary: `Agregar evidencia a una incidencia (multipart: una foto JPG o PNG, o un PDF, en «${claimFileField}»)` }, errors);
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['multipart/form-data'] },
    onRequest: app.requireRole(claimEditorRoles),
    handler: async (request, reply) => {
      const actor = currentUser(request);
      // Another branch's case (or a closed one) is refused before a byte of the file is read.
      await service.checkEvidenceTarget(app.db, actor, request.params.id);
      const received = await receiveUpload(request, evidenceFileTypes, messages, 'evidencia');
      try {
        return reply.status(201).send(withETag(reply, await service.addEvidence(app.db, actor, request.params.id, received)));
      } catch (error) {
        await discardStoredFile(app.files, received.stored.storedName, request.log);
        throw error;
      }
    },
  });

  app.route({
    ...endpointRoute(claimEndpoints.file, { tags, security, summary: 'Descargar un archivo de evidencia de una incidencia (queda en la bitácora de accesos)' }, errors),
    handler: async (request, reply) => {
      const file = await service.evidenceFile(app.db, currentUser(request), request.params.id);
      await recordAccess(app.db, request, { action: 'document_download', policyId: file.policyId, subject: file.subject });
      return sendStoredFile(reply, file);
    },
  });
};
