import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, moveOutPublicEndpoints } from '@portal/domain';
import { discardStoredFile, receiveUpload } from '../../plugins/files';
import { endpointRoute } from '../../lib/endpoint-route';
import { checkLinkUpload, publicView, recordPhoto } from './photos';
import { photoMessages } from './routes';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The owner's or tenant's photo page (issue 32): the token is the credential; registered through publicRoutes(). */
export const moveOutPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['move-out'];
  const maxMb = Math.round(app.config.maxUploadBytes / (1024 * 1024));
  // The web app's page carries the token too.
  app.publicPage('/entrega/:token');

  app.route({
    ...endpointRoute(moveOutPublicEndpoints.view, { tags, summary: 'Lo que ve el propietario o el inquilino al abrir su enlace de fotos de la entrega' }, errors),
    handler: (request) => publicView(app.db, request.params.token),
  });

  app.post(
    moveOutPublicEndpoints.uploadPhoto.path,
    {
      schema: {
        tags,
        summary: 'Agregar una foto a una habitación por enlace (JPG o PNG; campo «file»)',
        consumes: ['multipart/form-data'],
        params: moveOutPublicEndpoints.uploadPhoto.params,
        response: { ...errors, 201: moveOutPublicEndpoints.uploadPhoto.response, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token, roomKey } = request.params;
      const taker = await checkLinkUpload(app.db, token, roomKey);
      const received = await receiveUpload(request, ['jpeg', 'png'], photoMessages(maxMb), 'foto');
      try {
        await recordPhoto(app.db, taker, taker.policyId, roomKey, received);
      } catch (error) {
        await discardStoredFile(app.files, received.stored.storedName, request.log);
        throw error;
      }
      return reply.status(201).send({ ok: true as const });
    },
  );
};
