import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiErrorSchema,
  documentDownloadQuerySchema,
  documentIdParamsSchema,
  documentResponseInputSchema,
  investigationDecisionBodySchema,
  investigationDecisionInputSchema,
  investigationDecisionSchema,
  investigationDocumentListSchema,
  investigationDocumentSchema,
  investigationIdParamsSchema,
  investigationMessages as messages,
  messageResultSchema,
  policyEditorRoles,
  reviewerRoles,
  uploadParamsSchema,
  type InvestigationDecisionInput,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { receiveUpload, sendStoredFile } from '../../plugins/files';
import { recordAccess } from '../access-log/index';
import * as service from './service';
import { investigationFileTypes, uploadMessagesFor } from './upload-rules';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The investigation of a policy: its documents (upload, list, download, delete, the reviewer's
 * answers) and the decision. Paths are the spec's (section 7); everything is scoped to the
 * caller's branch, and only reviewers (admin, manager, approver) answer and decide. Documents are
 * uploaded and deleted by those who write the policy's data (not the lawyer, issue 33).
 */
export const investigationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['investigations'];
  const security = [{ bearerAuth: [] }];
  const reviewersOnly = app.requireRole(reviewerRoles);
  const editors = app.requireRole(policyEditorRoles);
  const uploadMessages = uploadMessagesFor(app.config.maxUploadBytes);

  const upload = async (request: FastifyRequest<{ Params: z.output<typeof uploadParamsSchema> }>, reply: FastifyReply) => {
    const actor = currentUser(request);
    // Refuse a wrong folio, slot or status before a single byte of the file is read.
    await service.checkUpload(app.db, actor, request.params);
    const received = await receiveUpload(request, investigationFileTypes, uploadMessages);
    const { documentId } = await service.recordUpload(app.db, app.files, request.log, { kind: 'staff', actor }, request.params, received);
    return reply.status(201).send(await service.findDocumentListed(app.db, documentId));
  };
  const uploadSchema = {
    tags,
    security,
    consumes: ['multipart/form-data'],
    params: uploadParamsSchema,
    response: { 201: investigationDocumentSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
  };
  app.post('/api/files/upload/:investigationId/:documentType', { onRequest: editors, schema: { ...uploadSchema, summary: 'Subir un documento de la investigación (campo «file»)' } }, upload);
  app.post(
    '/api/files/upload/:investigationId/:documentType/:identificationType',
    { onRequest: editors, schema: { ...uploadSchema, summary: 'Subir una identificación indicando su tipo (ine, pasaporte, ineSeparada)' } },
    upload,
  );

  app.get(
    '/api/files/documentswithresponses/:investigationId',
    {
      schema: {
        tags,
        security,
        summary: 'Documentos de la investigación con las respuestas del revisor',
        params: investigationIdParamsSchema,
        response: { 200: investigationDocumentListSchema, ...errors },
      },
    },
    (request) => service.listDocuments(app.db, currentUser(request), request.params.investigationId),
  );

  app.get(
    '/api/files/:documentId/download',
    {
      schema: {
        tags,
        security,
        summary: 'Descargar (o ver, con disposition=inline) el archivo de un documento',
        params: documentIdParamsSchema,
        querystring: documentDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.findDownload(app.db, app.files, request.log, currentUser(request), request.params.documentId);
      const viewed = request.query.disposition === 'inline';
      await recordAccess(app.db, request, { action: viewed ? 'document_view' : 'document_download', policyId: file.policyId, subject: `Documento de investigación: ${file.originalFilename}` });
      return sendStoredFile(reply, { ...file, downloadName: file.originalFilename }, request.query.disposition);
    },
  );

  app.put(
    '/api/files/:documentId/response',
    {
      preHandler: reviewersOnly,
      schema: {
        tags,
        security,
        summary: 'Respuesta del revisor sobre un documento',
        params: documentIdParamsSchema,
        body: documentResponseInputSchema,
        response: { 200: investigationDocumentSchema, ...errors },
      },
    },
    (request) => service.answerDocument(app.db, currentUser(request), request.params.documentId, request.body),
  );

  app.delete(
    '/api/policy/delete/:documentId',
    {
      onRequest: editors,
      schema: {
        tags,
        security,
        summary: 'Eliminar un documento de la investigación (registro y archivo)',
        params: documentIdParamsSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteDocument(app.db, app.files, request.log, currentUser(request), request.params.documentId);
      return { message: messages.deletedDescription };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    const summary = decision === 'approve' ? 'Aprobar la investigación' : 'Rechazar la investigación';
    const schema = { tags, security, params: investigationIdParamsSchema, response: { 200: investigationDecisionSchema, ...errors } };
    const url = `/api/policy/${decision}/:investigationId`;
    const decide = (request: FastifyRequest, investigationId: string, input: InvestigationDecisionInput) =>
      service.decideInvestigation(app.db, currentUser(request), investigationId, decision, input);
    // The spec's client calls GET; a reason and the confirmation of missing documents go in its query string.
    app.get(
      url,
      { preHandler: reviewersOnly, schema: { ...schema, summary: `${summary} (opcional: ?reason=&confirmMissing=true)`, querystring: investigationDecisionInputSchema } },
      (request) => decide(request, request.params.investigationId, request.query),
    );
    // POST, as a change of state should be: `{ reason?, confirmMissing? }` as JSON, or no body at all.
    app.post(
      url,
      { preHandler: reviewersOnly, schema: { ...schema, summary, body: investigationDecisionBodySchema } },
      (request) => decide(request, request.params.investigationId, request.body),
    );
  }
};
