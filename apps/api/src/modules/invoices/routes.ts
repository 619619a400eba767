import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, businessDate, exportFileName, feeManagerRoles, feeRecorderRoles, invoiceEndpoints, invoiceMessages, invoiceSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { sendStoredFile } from '../../plugins/files';
import { AppError, invalidField } from '../../lib/app-error';
import { endpointRoute } from '../../lib/endpoint-route';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { recordAccess } from '../access-log/index';
import { cancelInvoice } from './cancel';
import { invoiceExport, invoiceExportColumns, listInvoices } from './list';
import { createPac } from './pac/index';
import { invoiceFile, issueInvoice, policyInvoices, type InvoiceDeps } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };

/** Printable ASCII, as a UUID or any client's own key is written. */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,100}$/;

function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  const key = typeof value === 'string' ? value.trim() : '';
  if (!idempotencyKeyPattern.test(key)) throw invalidField('Idempotency-Key', invoiceMessages.idempotencyKeyMissing);
  return key;
}

/** The fee payments' invoices (issue 34): staff who record payments issue them, managers cancel them, the branch reads them. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoices'];
  const security = [{ bearerAuth: [] }];
  const deps: InvoiceDeps = { db: app.db, files: app.files, pac: createPac(app.config), log: app.log };

  app.route({
    ...endpointRoute(invoiceEndpoints.settings, { tags, security, summary: 'Si la facturación está configurada (FACTURAPI_KEY) y si timbra facturas de prueba' }, errors),
    handler: () => ({ enabled: deps.pac !== null, testMode: deps.pac?.testMode ?? false, provider: deps.pac?.name ?? null }),
  });

  app.route({
    ...endpointRoute(
      invoiceEndpoints.issue,
      { tags, security, summary: 'Facturar un pago de honorarios (CFDI 4.0, timbrado por el PAC). Encabezado Idempotency-Key obligatorio: la misma clave responde la misma factura (200)' },
      { ...errors, 200: invoiceSchema },
    ),
    onRequest: app.requireRole(feeRecorderRoles),
    // Before the body is read: without a PAC nothing can be issued, and the key is required.
    preValidation: async (request) => {
      if (!deps.pac) throw new AppError(503, invoiceMessages.notConfigured);
      idempotencyKeyOf(request);
    },
    handler: async (request, reply) => {
      const result = await issueInvoice(deps, currentUser(request), request.params.id, request.body, idempotencyKeyOf(request));
      return reply.status(result.created ? 201 : 200).send(result.invoice);
    },
  });

  app.route({
    ...endpointRoute(invoiceEndpoints.policyInvoices, { tags, security, summary: 'Facturas de la póliza (vigentes y canceladas), la más reciente primero' }, errors),
    handler: (request) => policyInvoices(app.db, currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(invoiceEndpoints.list, { tags, security, summary: 'Facturas emitidas y canceladas del mes (con format=csv|xlsx, como archivo)' }, errors),
    onRequest: app.requireRole(feeManagerRoles),
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return listInvoices(app.db, currentUser(request), query);
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Facturas', request.query) });
      return sendTableExport(reply, {
        format,
        fileName: exportFileName(`facturas_${query.month ?? businessDate().slice(0, 7)}`, format, businessDate()),
        sheetName: 'Facturas',
        columns: invoiceExportColumns,
        batches: invoiceExport(app.db, currentUser(request), query),
      });
    },
  });

  for (const kind of ['xml', 'pdf'] as const) {
    app.route({
      ...endpointRoute(invoiceEndpoints[kind], { tags, security, summary: `Descargar el ${kind.toUpperCase()} de la factura` }, errors),
      handler: async (request, reply) => {
        const file = await invoiceFile(deps, currentUser(request), request.params.id, kind);
        await recordAccess(app.db, request, { action: 'document_download', policyId: file.policyId, subject: `Factura: ${file.downloadName}` });
        return sendStoredFile(reply, file);
      },
    });
  }

  app.route({
    ...endpointRoute(invoiceEndpoints.cancel, { tags, security, summary: 'Cancelar una factura con el motivo del SAT (01 con la factura que la sustituye)' }, errors),
    onRequest: app.requireRole(feeManagerRoles),
    handler: (request) => cancelInvoice(deps, currentUser(request), request.params.id, request.body),
  });
};
