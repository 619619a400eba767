import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import {
  adminRoles,
  apiErrorSchema,
  contractDocumentParamsSchema,
  contractDocumentQuerySchema,
  contractKindParamsSchema,
  contractPackQuerySchema,
  contractTemplateQuerySchema,
  contractTemplateSchema,
  contractTemplateStateSchema,
  idParamsSchema,
  policyContractsSchema,
  policyEditorRoles,
  previewContractTemplateSchema,
  saveContractTemplateSchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { sendStoredFile } from '../../plugins/files';
import { recordAccess } from '../access-log/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };
const security = [{ bearerAuth: [] }];

/** A policy's contract pack (issue 16): every role of the policy's branch reads it; all but the lawyer regenerate it (issue 33). */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['contracts'];

  app.get(
    '/api/policy/:id/contracts',
    { schema: { tags, security, summary: 'Contratos generados de la póliza, del paquete más reciente al más antiguo', params: idParamsSchema, response: { 200: policyContractsSchema, ...errors } } },
    (request) => service.policyContracts(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/api/policy/:id/contracts',
    { onRequest: app.requireRole(policyEditorRoles), schema: { tags, security, summary: 'Regenerar los contratos (solo en «Contratos generados»)', params: idParamsSchema, response: { 201: policyContractsSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.regeneratePack(app.db, app.files, currentUser(request), request.params.id)),
  );

  app.get(
    '/api/policy/:id/contracts/pack',
    { schema: { tags, security, summary: 'El paquete de contratos en un solo PDF (la versión actual si no se indica)', params: idParamsSchema, querystring: contractPackQuerySchema } },
    async (request, reply) => {
      const pack = await service.packPdf(app.db, app.files, currentUser(request), request.params.id, request.query.version);
      await recordAccess(app.db, request, { action: 'contract_pack_download', policyId: request.params.id, subject: `Paquete de contratos: ${pack.fileName}` });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(pack.fileName, { type: 'attachment' }))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pack.bytes));
    },
  );

  app.get(
    '/api/policy/:id/contracts/:documentId/file',
    { schema: { tags, security, summary: 'Un documento de los contratos (en línea; ?download=1 para descargarlo)', params: contractDocumentParamsSchema, querystring: contractDocumentQuerySchema } },
    async (request, reply) => {
      const document = await service.contractDocument(app.db, currentUser(request), request.params.id, request.params.documentId);
      const file = { storedName: document.storedName, mimeType: 'application/pdf', size: document.size, downloadName: document.fileName };
      await recordAccess(app.db, request, { action: 'contract_download', policyId: request.params.id, subject: `Contrato: ${document.fileName}` });
      return sendStoredFile(reply, file, request.query.download === '1' ? 'attachment' : 'inline');
    },
  );
};

/** The business's legal texts (issue 16), the rent statement's (issue 32) and the incidencias' (issue 33): admins only. */
export const contractTemplateRoutes: FastifyPluginAsyncZod<service.TemplatePreviews> = async (app, options) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['contract templates'];

  app.get(
    '/api/admin/templates/:kind',
    {
      schema: {
        tags,
        security,
        summary: 'Plantilla vigente y versiones de un documento (de la sucursal, o la predeterminada sin branchId)',
        params: contractKindParamsSchema,
        querystring: contractTemplateQuerySchema,
        response: { 200: contractTemplateStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const templates = await service.getTemplates(app.db, request.params.kind, request.query.branchId ?? null);
      withETag(reply, service.templateScopeVersion(templates));
      return templates;
    },
  );

  app.put(
    '/api/admin/templates/:kind',
    {
      schema: {
        tags,
        security,
        summary: 'Guardar una nueva versión de la plantilla (If-Match: "v{última versión}" opcional; 412 si otra persona guardó antes)',
        params: contractKindParamsSchema,
        body: saveContractTemplateSchema,
        response: { 201: contractTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(withETag(reply, await service.saveTemplate(app.db, currentUser(request), request.params.kind, request.body, ifMatchOf(request)))),
  );

  app.post(
    '/api/admin/templates/:kind/preview',
    { schema: { tags, security, summary: 'Vista previa en PDF del texto aplicado a una póliza', params: contractKindParamsSchema, body: previewContractTemplateSchema } },
    async (request, reply) => {
      const bytes = await service.previewTemplate(app.db, request.params.kind, request.body, options);
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="vista-previa.pdf"').header('cache-control', 'private, no-store').send(bytes);
    },
  );
};
