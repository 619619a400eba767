import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, rentConfirmationEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import { answerConfirmation, viewConfirmation } from './answer';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The owner's confirmation page and its answer (issue 32), open to whoever holds the token; registered through publicRoutes(). */
export const rentConfirmationPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rents'];
  // The owner's page, the web app's, carries the token too.
  app.publicPage('/r/:token');

  app.route({
    ...endpointRoute(rentConfirmationEndpoints.view, { tags, summary: 'Lo que ve el propietario al abrir su enlace de confirmación de renta' }, errors),
    handler: (request) => viewConfirmation(app.db, request.params.token),
  });

  app.route({
    ...endpointRoute(
      rentConfirmationEndpoints.answer,
      { tags, summary: 'Respuesta del propietario: completa o parcial (registra el pago) o no recibida (el mes queda en mora); una sola vez' },
      errors,
    ),
    handler: (request) => answerConfirmation(app.db, request.params.token, request.body),
  });
};
