import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addendumEditorRoles,
  addendumExportQuerySchema,
  addendumInputSchema,
  addendumListSchema,
  addendumMessages as messages,
  addendumSchema,
  addendumSearchQuerySchema,
  addendumSearchResultSchema,
  addendumUploadParamsSchema,
  apiErrorSchema,
  branchIdParamsSchema,
  businessDate,
  exportFileName,
  idParamsSchema,
} from '@portal/domain';
import type { DetectedFileType } from '../../lib/file-type';
import { sendJsonArray } from '../../lib/json-array-stream';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { addendumExportColumns } from './export-columns';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { receiveUpload, sendStoredFile } from '../../plugins/files';
import { recordAccess } from '../access-log/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** An addendum is a contract document: PDF or Word, judged by its bytes. */
const addendumFileTypes: readonly DetectedFileType[] = ['pdf', 'doc', 'docx'];

/**
 * Addendums on the spec's paths (section 7), scoped to the caller's branch. Everyone reads;
 * admins, managers and agents write. One addendum is served at /api/addendum/item/{id}: the spec
 * used /api/addendum/{x} for both a branch's list and one addendum.
 */
export const addendumRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['addendums'];
  const security = [{ bearerAuth: [] }];
  const editorsOnly = app.requireRole(addendumEditorRoles);
  const list = { 200: addendumListSchema, ...errors };
  const one = { 200: addendumSchema, ...errors };
  const maxMb = Math.round(app.config.maxUploadBytes / (1024 * 1024));

  // The spec's full lists: one JSON array, streamed batch by batch.
  app.get('/api/addendum', { schema: { tags, security, summary: 'Addendums de la sucursal del usuario', response: list } }, async (request, reply) =>
    sendJsonArray(reply, await service.listAddendums(app.db, currentUser(request))),
  );

  app.get(
    '/api/addendum/search',
    {
      schema: {
        tags,
        security,
        summary: 'Búsqueda paginada (póliza, cliente, descripción), del más reciente al más antiguo',
        querystring: addendumSearchQuerySchema,
        response: { 200: addendumSearchResultSchema, ...errors },
      },
    },
    (request) => service.searchAddendums(app.db, currentUser(request), request.query),
  );

  app.get(
    '/api/addendum/export',
    {
      schema: {
        tags,
        security,
        summary: 'Exportar a CSV o XLSX todos los addendums que cumplen la búsqueda',
        querystring: addendumExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
    },
    async (request, reply) => {
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Addendums', request.query) });
      return sendTableExport(reply, {
        format: request.query.format,
        fileName: exportFileName('addendums', request.query.format, businessDate()),
        sheetName: 'Addendums',
        columns: addendumExportColumns,
        batches: await service.exportAddendums(app.db, currentUser(request), request.query),
      });
    },
  );

  app.get(
    '/api/addendum/item/:id',
    {
      schema: { tags, security, summary: 'Un addendum (arreglo con un elemento, como lo lee el cliente)', params: idParamsSchema, response: list },
    },
    async (request, reply) => [withETag(reply, await service.getAddendum(app.db, currentUser(request), request.params.id))],
  );

  app.get(
    '/api/addendum/:branchId',
    { schema: { tags, security, summary: 'Addendums de una sucursal', params: branchIdParamsSchema, response: list } },
    async (request, reply) => sendJsonArray(reply, await service.listAddendums(app.db, currentUser(request), request.params.branchId)),
  );

  app.post(
    '/api/addendum',
    { preHandler: editorsOnly, schema: { tags, security, summary: 'Crear addendum', body: addendumInputSchema, response: { ...one, 201: addendumSchema } } },
    async (request, reply) => reply.status(201).send(await service.createAddendum(app.db, currentUser(request), request.body)),
  );

  app.post(
    '/api/addendum/del/:id',
    { preHandler: editorsOnly, schema: { tags, security, summary: 'Cancelar addendum (queda en el historial)', params: idParamsSchema, response: one } },
    (request) => service.cancelAddendum(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/api/addendum/:id',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        security,
        summary: 'Actualizar addendum (la póliza no cambia; If-Match: "v{versión}" opcional, 412 si otra persona guardó antes)',
        params: idParamsSchema,
        body: addendumInputSchema,
        response: one,
      },
    },
    async (request, reply) => withETag(reply, await service.updateAddendum(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  );

  app.post(
    '/api/addendum/upload-file/:addendumId/:policyId',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        security,
        summary: 'Adjuntar el archivo del addendum (PDF, DOC o DOCX; campo «file»); reemplaza el anterior',
        consumes: ['multipart/form-data'],
        params: addendumUploadParamsSchema,
        response: { ...errors, 201: addendumSchema, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await service.checkUpload(app.db, actor, request.params);
      const received = await receiveUpload(request, addendumFileTypes, {
        missing: messages.fileMissing,
        empty: messages.fileEmpty,
        tooLarge: messages.fileTooLarge(maxMb),
        unsupportedType: messages.unsupportedFileType,
      }, 'addendum');
      return reply.status(201).send(await service.recordUpload(app.db, app.files, request.log, actor, request.params, received));
    },
  );

  app.get(
    '/api/addendum/download-file/:id',
    { schema: { tags, security, summary: 'Descargar el archivo del addendum', params: idParamsSchema } },
    async (request, reply) => {
      const file = await service.findDownload(app.db, app.files, request.log, currentUser(request), request.params.id);
      await recordAccess(app.db, request, { action: 'addendum_download', policyId: file.policyId, subject: `Archivo del addendum ${request.params.id}: ${file.downloadName}` });
      return sendStoredFile(reply, file);
    },
  );
};
