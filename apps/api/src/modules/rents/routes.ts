import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { apiErrorSchema, businessDate, exportFileName, paymentRecorderRoles, paymentReverserRoles, rentEndpoints } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { endpointRoute } from '../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { recordAccess } from '../access-log/index';
import { arrearsExport, arrearsReport } from './aging';
import { publicBaseUrl } from '../../lib/public-url';
import { issueConfirmationLink } from './confirmations/staff-link';
import { arrearsExportColumns } from './export-columns';
import * as service from './service';
import { rentStatement } from './statement';

/** A PDF to save (never cached: it shows a person's payments). Untyped reply: the route's schema types JSON answers only. */
function sendPdf(reply: FastifyReply, pdf: { bytes: Buffer; fileName: string }): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(pdf.fileName, { type: 'attachment' }))
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** The policy's rents (issue 32): every role of the branch reads them; staff record, managers reverse. */
export const rentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rents'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(rentEndpoints.ledger, { tags, security, summary: 'Rentas de la póliza: calendario, pagos, adeudo y atraso' }, errors),
    handler: async (request, reply) => withETag(reply, await service.getLedger(app.db, currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(rentEndpoints.statement, { tags, security, summary: 'Estado de cuenta de rentas del propietario, en PDF (meses, pagos, saldo y pagarés)' }, errors),
    handler: async (request, reply) => {
      const statement = await rentStatement(app.db, currentUser(request), request.params.id);
      await recordAccess(app.db, request, { action: 'rent_statement_download', policyId: request.params.id, subject: `Estado de cuenta: ${statement.fileName}` });
      return sendPdf(reply, statement);
    },
  });

  app.route({
    ...endpointRoute(
      rentEndpoints.recordPayment,
      { tags, security, summary: 'Registrar un pago de renta (se aplica a los meses más antiguos; If-Match: "v{versión}" opcional, 412 si alguien registró antes)' },
      errors,
    ),
    onRequest: app.requireRole(paymentRecorderRoles),
    handler: async (request, reply) => {
      const ledger = await service.recordPayment(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request));
      return reply.status(201).send(withETag(reply, ledger));
    },
  });

  app.route({
    ...endpointRoute(rentEndpoints.reversePayment, { tags, security, summary: 'Revertir un pago, con motivo (nunca se edita en su lugar)' }, errors),
    onRequest: app.requireRole(paymentReverserRoles),
    handler: async (request, reply) => withETag(reply, await service.reversePayment(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(rentEndpoints.waiveMonth, { tags, security, summary: 'Condonar una renta no pagada, con motivo (gerentes)' }, errors),
    onRequest: app.requireRole(paymentReverserRoles),
    handler: async (request, reply) => withETag(reply, await service.waiveMonth(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(
      rentEndpoints.confirmationLink,
      { tags, security, summary: 'Enlace nuevo para que el propietario confirme la renta del mes, con el mensaje de WhatsApp (se muestra una sola vez)' },
      errors,
    ),
    onRequest: app.requireRole(paymentRecorderRoles),
    handler: async (request, reply) => reply.status(201).send(await issueConfirmationLink(app.db, currentUser(request), request.params.id, publicBaseUrl(request))),
  });

  app.route({
    ...endpointRoute(
      rentEndpoints.arrears,
      { tags, security, summary: 'Antigüedad de saldos: pólizas con rentas en mora por días de atraso (con format=csv|xlsx, todas como archivo)' },
      errors,
    ),
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      if (!format) return arrearsReport(app.db, currentUser(request), query);
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Rentas en mora', request.query) });
      return sendTableExport(reply, {
        format,
        fileName: exportFileName('rentas_en_mora', format, businessDate()),
        sheetName: 'Rentas en mora',
        columns: arrearsExportColumns,
        batches: await arrearsExport(app.db, currentUser(request), query),
      });
    },
  });
};
