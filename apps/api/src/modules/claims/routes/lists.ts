import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoles, apiErrorSchema, businessDate, claimEndpoints, exportFileName } from '@portal/domain';
import { currentUser } from '../../../plugins/auth';
import { endpointRoute } from '../../../lib/endpoint-route';
import { exportSubject, sendTableExport } from '../../../lib/table-export';
import { recordAccess } from '../../access-log/index';
import { claimExportColumns, claimSummaryExportColumns } from '../export-columns';
import { claimStats, exportClaims, listClaims } from '../service/lists';
import { calendar, monthlySummary } from '../service/reports';
import { readStageLabels, saveStageLabels } from '../service/stage-labels';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Across cases (issue 33): every role reads its branch's (admins: all); exports are in the access log. */
export const claimListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['claims'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(claimEndpoints.list, { tags, security, summary: 'Incidencias: los próximos términos primero (con format=csv|xlsx, todas como archivo)' }, errors),
    handler: async (request, reply) => {
      const { format, page, ...query } = request.query;
      if (!format) return listClaims(app.db, currentUser(request), { ...query, page });
      // The page does not apply to an export: it is left out of what the log says.
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Incidencias', { format, ...query }) });
      return sendTableExport(reply, {
        format,
        fileName: exportFileName('incidencias', format, businessDate()),
        sheetName: 'Incidencias',
        columns: claimExportColumns,
        batches: await exportClaims(app.db, currentUser(request), query),
      });
    },
  });

  app.route({
    ...endpointRoute(claimEndpoints.stats, { tags, security, summary: 'Tarjetas del tablero: incidencias abiertas, por revisar, monto reclamado, términos de la semana y vencidos' }, errors),
    handler: async (request) => claimStats(app.db, currentUser(request), request.query.branchId),
  });

  app.route({
    ...endpointRoute(claimEndpoints.summary, { tags, security, summary: 'Resumen mensual por sucursal (con format=csv|xlsx, como archivo)' }, errors),
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      const summary = await monthlySummary(app.db, currentUser(request), query);
      if (!format) return summary;
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Resumen mensual de incidencias', request.query) });
      return sendTableExport(reply, {
        format,
        fileName: exportFileName(`incidencias_resumen_${summary.month}`, format, businessDate()),
        sheetName: 'Resumen de incidencias',
        columns: claimSummaryExportColumns,
        batches: (async function* () {
          yield summary.rows.map((row) => ({ ...row, month: summary.month }));
        })(),
      });
    },
  });

  app.route({
    ...endpointRoute(claimEndpoints.calendar, { tags, security, summary: 'Términos entre dos fechas (máximo 100 días) para el calendario' }, errors),
    handler: async (request) => calendar(app.db, currentUser(request), request.query),
  });

  app.route({
    ...endpointRoute(claimEndpoints.stageLabels, { tags, security, summary: 'Nombres de las etapas de las incidencias' }, errors),
    handler: async () => readStageLabels(app.db),
  });

  app.route({
    ...endpointRoute(claimEndpoints.saveStageLabels, { tags, security, summary: 'Renombrar las etapas (administradores; los identificadores no cambian)' }, errors),
    onRequest: app.requireRole(adminRoles),
    handler: async (request) => saveStageLabels(app.db, currentUser(request).id, request.body.labels),
  });
};
