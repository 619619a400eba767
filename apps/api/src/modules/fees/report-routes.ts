import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, businessDate, exportFileName, feeEndpoints, feeManagerRoles } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { endpointRoute } from '../../lib/endpoint-route';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { recordAccess } from '../access-log/index';
import { billingExportColumns, billingExportRows } from './export-columns';
import { billingReport } from './service/report';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The billing report per branch and month (managers their branch, admins all or one). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(
      feeEndpoints.billingReport,
      { tags: ['fees'], security: [{ bearerAuth: [] }], summary: 'Facturación por sucursal y mes: honorarios cotizados, cobrados, pendientes, descuentos y facturas (con format=csv|xlsx, como archivo)' },
      errors,
    ),
    onRequest: app.requireRole(feeManagerRoles),
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await billingReport(app.db, currentUser(request), query);
      if (!format) return report;
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Facturación', request.query) });
      return sendTableExport(reply, {
        format,
        fileName: exportFileName(`facturacion_${query.month}`, format, businessDate()),
        sheetName: 'Facturación',
        columns: billingExportColumns,
        batches: (async function* () {
          yield billingExportRows(report);
        })(),
      });
    },
  });
};
