import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema, linkTokenParamsSchema, publicUploadParamsSchema, publicUploadViewSchema } from '@portal/domain';
import { receiveUpload } from '../../plugins/files';
import { checkLinkUpload, linkUploadView } from './public-upload';
import * as service from './service';
import { investigationFileTypes, uploadMessagesFor } from './upload-rules';

const errors = { 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/**
 * Upload by link (issue 17): open to whoever holds an upload link's token, no session. The token
 * reaches its own party's slots of its own policy and nothing else; the checks on the file are
 * the staff upload's, byte for byte. Registered through publicRoutes().
 */
export const publicUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public-links'];
  const uploadMessages = uploadMessagesFor(app.config.maxUploadBytes);

  app.get(
    '/api/public/links/:token/documents',
    {
      schema: {
        tags,
        summary: 'Los documentos que se piden a la persona y los que ya llegaron (solo nombres)',
        params: linkTokenParamsSchema,
        response: { 200: publicUploadViewSchema, ...errors },
      },
    },
    (request) => linkUploadView(app.db, request.params.token),
  );

  const upload = async (request: FastifyRequest<{ Params: z.output<typeof publicUploadParamsSchema> }>, reply: FastifyReply) => {
    const { token, documentType, identificationType } = request.params;
    // A dead link, a closed investigation, a missing acceptance or a wrong slot is refused before a single byte is read.
    const link = await checkLinkUpload(app.db, token, { documentType, identificationType });
    const received = await receiveUpload(request, investigationFileTypes, uploadMessages);
    const target = { investigationId: link.folio, documentType, identificationType };
    await service.recordUpload(app.db, app.files, request.log, { kind: 'link', token }, target, received);
    return reply.status(201).send(await linkUploadView(app.db, token));
  };
  const uploadSchema = {
    tags,
    consumes: ['multipart/form-data'],
    params: publicUploadParamsSchema,
    response: { 201: publicUploadViewSchema, 400: apiErrorSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
  };
  app.post('/api/public/links/:token/upload/:documentType', { schema: { ...uploadSchema, summary: 'Subir un documento por enlace (campo «file»)' } }, upload);
  app.post(
    '/api/public/links/:token/upload/:documentType/:identificationType',
    { schema: { ...uploadSchema, summary: 'Subir una identificación por enlace indicando su tipo (ine, pasaporte, ineSeparada)' } },
    upload,
  );
};
