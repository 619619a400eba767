import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamsSchema,
  leadWorkerRoles,
  noContentSchema,
  managerRoles,
  versionETag,
  whatsappGatewayAnswerSchema,
  whatsappGatewayInputSchema,
  whatsappGatewaySchema,
  whatsappLeadTemplateListSchema,
  whatsappMessageListSchema,
  whatsappMessageSchema,
  whatsappSendInputSchema,
  whatsappTemplateInputSchema,
  whatsappTemplateListSchema,
  whatsappTemplateSchema,
  whatsappTemplatesQuerySchema,
} from '@portal/domain';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { currentUser } from '../../plugins/auth';
import { branchExists } from '../branches/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };
const tags = ['WhatsApp'];
const security = [{ bearerAuth: [] }];

/**
 * WhatsApp from the leads' cards (issue 20): the branch's gateway (managers and admins), its
 * message templates, and each lead's message log and send.
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const exists = (branchId: number) => branchExists(app.db, branchId);
  const hosts = { allowed: app.config.whatsappGatewayHosts };

  app.get(
    '/api/branches/:id/whatsapp-gateway',
    { schema: { tags, security, summary: 'Gateway de WhatsApp de la sucursal (sin la API Key)', params: idParamsSchema, response: { 200: whatsappGatewayAnswerSchema, ...errors } } },
    async (request, reply) => {
      const gateway = await service.getGateway(app.db, currentUser(request), request.params.id, exists);
      // The form's If-Match: the gateway's version, or "v0" while the branch has none (decision 023).
      void reply.header('etag', versionETag(gateway?.version ?? 0));
      return { gateway };
    },
  );

  app.put(
    '/api/branches/:id/whatsapp-gateway',
    {
      schema: {
        tags,
        security,
        summary: 'Guardar el gateway de WhatsApp de la sucursal (la API Key se guarda cifrada; vacía conserva la anterior)',
        params: idParamsSchema,
        body: whatsappGatewayInputSchema,
        response: { 200: whatsappGatewaySchema, ...errors },
      },
    },
    async (request, reply) =>
      withETag(reply, await service.saveGateway(app.db, app.secretBox, hosts, currentUser(request), request.params.id, request.body, exists, ifMatchOf(request))),
  );

  app.get(
    '/api/whatsapp/templates',
    { schema: { tags, security, summary: 'Plantillas de mensaje de la sucursal', querystring: whatsappTemplatesQuerySchema, response: { 200: whatsappTemplateListSchema, ...errors } } },
    (request) => service.listTemplates(app.db, currentUser(request), request.query.branchId, exists),
  );

  const managers = app.requireRole(managerRoles);
  app.post(
    '/api/whatsapp/templates',
    { preHandler: managers, schema: { tags, security, summary: 'Crear plantilla', body: whatsappTemplateInputSchema, response: { 201: whatsappTemplateSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createTemplate(app.db, currentUser(request), request.body, exists)),
  );

  app.put(
    '/api/whatsapp/templates/:id',
    { preHandler: managers, schema: { tags, security, summary: 'Actualizar plantilla', params: idParamsSchema, body: whatsappTemplateInputSchema, response: { 200: whatsappTemplateSchema, ...errors } } },
    (request) => service.updateTemplate(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/whatsapp/templates/:id',
    { preHandler: managers, schema: { tags, security, summary: 'Eliminar plantilla', params: idParamsSchema, response: { 204: noContentSchema, ...errors } } },
    async (request, reply) => {
      await service.deleteTemplate(app.db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // WhatsApp to a lead is the leads board's work: not the lawyer's (issue 33).
  const leadWorkers = app.requireRole(leadWorkerRoles);

  app.get(
    '/api/leads/:id/whatsapp',
    { onRequest: leadWorkers, schema: { tags, security, summary: 'Mensajes de WhatsApp del lead (más recientes primero)', params: idParamsSchema, response: { 200: whatsappMessageListSchema, ...errors } } },
    (request) => service.messagesOfLead(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/leads/:id/whatsapp/templates',
    { onRequest: leadWorkers, schema: { tags, security, summary: 'Plantillas de la sucursal del lead, con su texto para este lead', params: idParamsSchema, response: { 200: whatsappLeadTemplateListSchema, ...errors } } },
    (request) => service.templatesForLead(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/api/leads/:id/whatsapp',
    {
      onRequest: leadWorkers,
      schema: {
        tags,
        security,
        summary: 'Enviar un WhatsApp al lead (plantilla o texto); si el gateway falla queda en cola y se reintenta',
        params: idParamsSchema,
        body: whatsappSendInputSchema,
        response: { 201: whatsappMessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.sendToLead(app.db, app.secretBox, hosts, request.log, currentUser(request), request.params.id, request.body)),
  );
};
