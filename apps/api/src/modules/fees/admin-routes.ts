import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, feeEndpoints, feeManagerRoles, tariffEditorRoles } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { endpointRoute } from '../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { listTariffs, quotePreview, saveTariff, tariffHistory } from './service/tariffs';
import { feeCollections } from './service/report';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** Tariffs (admins), the quote preview (staff) and the dashboard's collections card (managers). */
export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fees'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(feeEndpoints.tariffs, { tags, security, summary: 'Tarifas vigentes por sucursal y tipo de póliza (versión 0: las del portal)' }, errors),
    onRequest: app.requireRole(tariffEditorRoles),
    handler: async (request) => listTariffs(app.db, request.query.branchId),
  });

  app.route({
    ...endpointRoute(feeEndpoints.saveTariff, { tags, security, summary: 'Guardar una nueva versión de la tarifa (If-Match: "v{versión}"); los honorarios ya cotizados no cambian' }, errors),
    onRequest: app.requireRole(tariffEditorRoles),
    handler: async (request, reply) => withETag(reply, await saveTariff(app.db, currentUser(request), request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(feeEndpoints.tariffHistory, { tags, security, summary: 'Versiones de la tarifa de una sucursal y tipo de póliza, de la más nueva a la más antigua' }, errors),
    onRequest: app.requireRole(tariffEditorRoles),
    handler: async (request) => tariffHistory(app.db, request.query.branchId, request.query.policyType),
  });

  app.route({
    ...endpointRoute(feeEndpoints.quotePreview, { tags, security, summary: 'Honorarios que se cotizarían hoy para un tipo de póliza y una renta (antes de guardar)' }, errors),
    handler: async (request) => quotePreview(app.db, currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(feeEndpoints.collections, { tags, security, summary: 'Cobranza del mes: honorarios cobrados este mes y saldo pendiente' }, errors),
    onRequest: app.requireRole(feeManagerRoles),
    handler: async (request) => feeCollections(app.db, currentUser(request)),
  });
};
