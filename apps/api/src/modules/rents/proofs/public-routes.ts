import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, receiptField, rentProofInputSchema, rentProofPublicEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import { AppError } from '../../../lib/app-error';
import { discardStoredFile, receiveForm } from '../../../plugins/files';
import { receiptFileTypes, receiptUploadMessages } from './receipt-files';
import * as service from './service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema };

/**
 * The tenant's page (issue 32): no session, the token in the path is the credential and reaches
 * only its policy's months owed and proofs. Registered through publicRoutes() (rate limit, public
 * headers, the token hidden in the log).
 */
export const rentProofPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rents'];
  const messages = receiptUploadMessages(app.config.maxUploadBytes);

  app.route({
    ...endpointRoute(rentProofPublicEndpoints.view, { tags, summary: 'Rentas pendientes y comprobantes enviados (enlace del inquilino)' }, errors),
    handler: (request) => service.publicProofView(app.db, request.params.token),
  });

  const upload = endpointRoute(
    rentProofPublicEndpoints.upload,
    { tags, summary: 'Enviar un comprobante de pago (multipart: amount, paidOn, method, reference y el archivo en «receipt»)' },
    errors,
  );
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['multipart/form-data'] },
    handler: async (request, reply) => {
      // A dead link, a missing acceptance of the aviso or a policy without schedule is refused before a byte is read.
      const link = await service.checkProofUpload(app.db, request.params.token);
      if (!request.isMultipart()) throw new AppError(400, messages.missing, [{ field: receiptField, message: messages.missing }]);
      const form = await receiveForm(request, receiptField, receiptFileTypes, messages);
      if (!form.upload) throw new AppError(400, messages.missing, [{ field: receiptField, message: messages.missing }]);
      const checked = rentProofInputSchema.safeParse(form.fields);
      if (!checked.success) {
        await discardStoredFile(app.files, form.upload.stored.storedName, request.log);
        const details = checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
        throw new AppError(400, details[0]?.message ?? messages.missing, details);
      }
      const input = checked.data;
      return reply.status(201).send(await service.recordProof(app.db, app.files, request.log, link, input, form.upload));
    },
  });
};
