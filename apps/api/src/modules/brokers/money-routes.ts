import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { apiErrorSchema, brokerEndpoints, businessDate, exportFileName, feeManagerRoles } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { endpointRoute } from '../../lib/endpoint-route';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { recordAccess } from '../access-log/index';
import { getCommissions, payCommissions, reverseCommissionPayout } from './payouts';
import { brokerStatement, commissionsReport } from './statement';
import { statementColumns, statementLines, statementPdf, type DrawDocument } from './statement-files';
import { reportColumns } from './report-columns';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** '2027-01', 'Inmobiliaria Reforma' → 'comisiones_inmobiliaria-reforma_2027-01'. */
function statementFileBase(name: string, month: string): string {
  const slug = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `comisiones_${slug || 'asesor'}_${month}`;
}

/** What the office owes its brokers (issue 34): managers and admins only. */
export interface BrokerModuleOptions {
  /** The contracts module's PDF engine (pdfmake), for the statement. */
  drawDocument: DrawDocument;
}

export const brokerMoneyRoutes: FastifyPluginAsyncZod<BrokerModuleOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireRole(feeManagerRoles));
  const tags = ['brokers'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(brokerEndpoints.commissions, { tags, security, summary: 'Comisiones del asesor (state=pending|paid), totales y pagos' }, errors),
    handler: (request) => getCommissions(app.db, currentUser(request), request.params.id, request.query.state),
  });

  app.route({
    ...endpointRoute(
      brokerEndpoints.pay,
      { tags, security, summary: 'Pagar comisiones pendientes con una transferencia: bruto, IVA, retenciones de ISR e IVA y neto (409 si alguna ya no está pendiente)' },
      errors,
    ),
    handler: async (request, reply) => reply.status(201).send(await payCommissions(app.db, currentUser(request), request.params.id, request.body)),
  });

  app.route({
    ...endpointRoute(brokerEndpoints.reversePayout, { tags, security, summary: 'Revertir un pago de comisiones, con motivo: sus comisiones vuelven a Pendiente' }, errors),
    handler: (request) => reverseCommissionPayout(app.db, currentUser(request), request.params.id, request.body.reason),
  });

  app.route({
    ...endpointRoute(brokerEndpoints.statement, { tags, security, summary: 'Estado de cuenta mensual del asesor (JSON; format=pdf|csv como archivo)' }, errors),
    handler: async (request, reply) => {
      const statement = await brokerStatement(app.db, currentUser(request), request.params.id, request.query.month);
      const { format } = request.query;
      if (!format) return statement;
      const fileName = `${statementFileBase(statement.broker.name, statement.month)}.${format}`;
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: `Estado de cuenta de comisiones: ${fileName}` });
      if (format === 'csv') {
        return sendTableExport(reply, { format, fileName, sheetName: 'Estado de cuenta', columns: statementColumns, batches: oneBatch(statementLines(statement)) });
      }
      return sendPdf(reply, await statementPdf(options.drawDocument, statement), fileName);
    },
  });

  app.route({
    ...endpointRoute(brokerEndpoints.report, { tags, security, summary: 'Comisiones por pagar del mes, por asesor (format=csv|xlsx como archivo)' }, errors),
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await commissionsReport(app.db, currentUser(request), query);
      if (!format) return report;
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Comisiones por pagar', request.query) });
      return sendTableExport(reply, {
        format,
        fileName: exportFileName(`comisiones_por_pagar_${report.month}`, format, businessDate()),
        sheetName: 'Comisiones por pagar',
        columns: reportColumns,
        batches: oneBatch(report.rows),
      });
    },
  });
};

/** A PDF to save, never cached (it shows a person's bank and tax data). Untyped reply: the route's schema types JSON answers only. */
function sendPdf(reply: FastifyReply, bytes: Buffer, fileName: string): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', contentDisposition(fileName, { type: 'attachment' })).header('cache-control', 'private, no-store').send(bytes);
}

async function* oneBatch<T>(rows: T[]): AsyncIterable<T[]> {
  yield rows;
}
