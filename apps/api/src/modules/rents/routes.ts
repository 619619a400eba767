import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import {
  apiErrorSchema,
  businessDate,
  exportFileName,
  paymentRecorderRoles,
  paymentReverserRoles,
  receiptField,
  rentEndpoints,
  rentFileEndpoints,
} from '@portal/domain';
import { discardStoredFile, receiveForm, sendStoredFile, type ReceivedUpload } from '../../plugins/files';
import { receiptOf, receiptFileTypes, receiptUploadMessages } from './proofs/receipt-files';
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

  // A receipt arrives as multipart: its file is stored while the form is read (streamed), and removed
  // again unless the payment that names it committed (a refused field, a 412, another branch…).
  const receipts = new WeakMap<FastifyRequest, { upload: ReceivedUpload; kept: boolean }>();
  const receiptMessages = receiptUploadMessages(app.config.maxUploadBytes);
  const recordPaymentRoute = endpointRoute(
    rentEndpoints.recordPayment,
    {
      tags,
      security,
      summary:
        'Registrar un pago de renta (se aplica a los meses más antiguos; If-Match: "v{versión}" opcional, 412 si alguien registró antes). JSON, o multipart/form-data con los mismos campos y el comprobante en «receipt» (PDF, JPEG o PNG)',
    },
    { ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
  );
  // The OpenAPI page documents the contract's JSON body (endpoint-contracts.test.ts); the summary names the multipart form.
  app.route({
    ...recordPaymentRoute,
    onRequest: app.requireRole(paymentRecorderRoles),
    preValidation: async (request) => {
      if (!request.isMultipart()) return;
      // Another branch's policy (or none) is refused before a single byte of the file is read.
      await service.checkPaymentTarget(app.db, currentUser(request), request.params.id);
      const form = await receiveForm(request, receiptField, receiptFileTypes, receiptMessages);
      if (form.upload) receipts.set(request, { upload: form.upload, kept: false });
      request.body = form.fields as unknown as typeof request.body;
    },
    onResponse: async (request) => {
      const receipt = receipts.get(request);
      if (receipt && !receipt.kept) await discardStoredFile(app.files, receipt.upload.stored.storedName, request.log);
    },
    handler: async (request, reply) => {
      const receipt = receipts.get(request);
      const ledger = await service.recordPayment(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request), new Date(), receipt ? receiptOf(receipt.upload) : null);
      if (receipt) receipt.kept = true;
      return reply.status(201).send(withETag(reply, ledger));
    },
  });

  app.route({
    ...endpointRoute(rentFileEndpoints.paymentReceipt, { tags, security, summary: 'Descargar (o ver, con disposition=inline) el comprobante de un pago' }, errors),
    handler: async (request, reply) => {
      const file = await service.findReceipt(app.db, currentUser(request), request.params.id);
      const viewed = request.query.disposition === 'inline';
      await recordAccess(app.db, request, { action: viewed ? 'document_view' : 'document_download', policyId: file.policyId, subject: `Comprobante de pago: ${file.downloadName}` });
      return sendStoredFile(reply, file, request.query.disposition);
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
