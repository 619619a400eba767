import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, feeEndpoints, feeManagerRoles, feeRecorderRoles, receiptField } from '@portal/domain';
import { discardStoredFile, receiveForm, sendStoredFile, type ReceivedUpload } from '../../plugins/files';
import { currentUser } from '../../plugins/auth';
import { endpointRoute } from '../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { recordAccess } from '../access-log/index';
import { feeReceiptMessages, feeReceiptOf, feeReceiptTypes } from './receipt-upload';
import { getFee, updateFee } from './service/fee';
import { checkFeePaymentTarget, findFeeReceipt, recordFeePayment, reverseFeePayment } from './service/payments';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** A policy's fee (issue 34): every role of the branch reads it; staff record payments, managers discount and reverse. */
export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fees'];
  const security = [{ bearerAuth: [] }];

  app.route({
    ...endpointRoute(feeEndpoints.fee, { tags, security, summary: 'Honorarios de la póliza: cotización, quién paga, pagos y estado' }, errors),
    handler: async (request, reply) => withETag(reply, await getFee(app.db, currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(
      feeEndpoints.updateFee,
      { tags, security, summary: 'Editar los honorarios: quién paga, extras de la tarifa y descuento con motivo (gerentes). If-Match: "v{versión}"' },
      errors,
    ),
    onRequest: app.requireRole(feeRecorderRoles),
    handler: async (request, reply) => withETag(reply, await updateFee(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  // A receipt arrives as multipart, as a rent payment's: stored while the form is read, removed
  // again unless the payment that names it committed.
  const receipts = new WeakMap<FastifyRequest, { upload: ReceivedUpload; kept: boolean }>();
  const receiptMessages = feeReceiptMessages(app.config.maxUploadBytes);
  app.route({
    ...endpointRoute(
      feeEndpoints.recordPayment,
      {
        tags,
        security,
        summary:
          'Registrar un pago de honorarios (no mayor que el saldo; If-Match: "v{versión}" opcional). JSON, o multipart/form-data con los mismos campos y el comprobante en «receipt» (PDF, JPEG o PNG)',
      },
      { ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
    ),
    onRequest: app.requireRole(feeRecorderRoles),
    preValidation: async (request) => {
      if (!request.isMultipart()) return;
      await checkFeePaymentTarget(app.db, currentUser(request), request.params.id);
      const form = await receiveForm(request, receiptField, feeReceiptTypes, receiptMessages);
      if (form.upload) receipts.set(request, { upload: form.upload, kept: false });
      request.body = form.fields as unknown as typeof request.body;
    },
    onResponse: async (request) => {
      const receipt = receipts.get(request);
      if (receipt && !receipt.kept) await discardStoredFile(app.files, receipt.upload.stored.storedName, request.log);
    },
    handler: async (request, reply) => {
      const receipt = receipts.get(request);
      const fee = await recordFeePayment(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request), new Date(), receipt ? feeReceiptOf(receipt.upload) : null);
      if (receipt) receipt.kept = true;
      return reply.status(201).send(withETag(reply, fee));
    },
  });

  app.route({
    ...endpointRoute(feeEndpoints.reversePayment, { tags, security, summary: 'Revertir un pago de honorarios, con motivo (gerentes; no si tiene una factura vigente)' }, errors),
    onRequest: app.requireRole(feeManagerRoles),
    handler: async (request, reply) => withETag(reply, await reverseFeePayment(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(feeEndpoints.paymentReceipt, { tags, security, summary: 'Descargar (o ver, con disposition=inline) el comprobante de un pago de honorarios' }, errors),
    handler: async (request, reply) => {
      const file = await findFeeReceipt(app.db, currentUser(request), request.params.id);
      const viewed = request.query.disposition === 'inline';
      await recordAccess(app.db, request, { action: viewed ? 'document_view' : 'document_download', policyId: file.policyId, subject: `Comprobante de honorarios: ${file.downloadName}` });
      return sendStoredFile(reply, file, request.query.disposition);
    },
  });
};
