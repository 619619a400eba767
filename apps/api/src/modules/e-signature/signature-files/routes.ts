import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, signatureFileEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import { currentUser } from '../../../plugins/auth';
import { sendStoredFile } from '../../../plugins/files';
import { recordAccess } from '../../access-log/index';
import * as service from './service';

/** Staff: the .p7s of a round's e.firma signatures (issue 35), registered behind a session (staffRoutes). */
export const signatureFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const docs = { tags: ['e-signature'], security: [{ bearerAuth: [] }] };
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.route({
    ...endpointRoute(signatureFileEndpoints.list, { ...docs, summary: 'Las firmas con e.firma (.p7s) de una ronda' }, errors),
    handler: (request) => service.roundSignatureFiles(app.db, currentUser(request), request.params.id, request.params.roundId),
  });

  app.route({
    ...endpointRoute(signatureFileEndpoints.download, { ...docs, summary: 'Descargar una firma con e.firma (.p7s, CMS separado)' }, errors),
    handler: async (request, reply) => {
      const { id, roundId, signatureId } = request.params;
      const file = await service.signatureFile(app.db, currentUser(request), id, roundId, signatureId);
      await recordAccess(app.db, request, { action: 'contract_download', policyId: id, subject: `Firma con e.firma: ${file.downloadName}` });
      return sendStoredFile(reply, { ...file, mimeType: 'application/pkcs7-signature' });
    },
  });
};
