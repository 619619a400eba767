import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, linkTokenParamsSchema, noContentSchema, privacyAcceptanceInputSchema, publicLinkViewSchema } from '@portal/domain';
import * as service from './service';

const errors = { 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The link's own endpoints, open to anyone holding the token (no session, no shell); registered through publicRoutes(). */
export const publicLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public-links'];
  // The person's page, the web app's, carries the token too.
  app.publicPage('/p/:token');

  app.get(
    '/api/public/links/:token',
    { schema: { tags, summary: 'Lo que ve la persona al abrir su enlace', params: linkTokenParamsSchema, response: { 200: publicLinkViewSchema, ...errors } } },
    (request) => service.viewLink(app.db, request.params.token),
  );

  app.post(
    '/api/public/links/:token/privacy',
    {
      schema: {
        tags,
        summary: 'Aceptar el aviso de privacidad (versión, hora e IP quedan registradas)',
        params: linkTokenParamsSchema,
        body: privacyAcceptanceInputSchema,
        response: { 204: noContentSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.acceptPrivacy(app.db, request.params.token, request.body.version, service.requestOrigin(request));
      return reply.status(204).send(null);
    },
  );
};
