import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamsSchema,
  leadBoardQuerySchema,
  leadColumnListSchema,
  leadColumnsInputSchema,
  leadConvertInputSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadListSchema,
  leadMessages,
  leadWorkerRoles,
  leadNoteInputSchema,
  leadNoteParamsSchema,
  leadOfPolicySchema,
  leadOwnerListSchema,
  leadPolicyParamsSchema,
  leadSchema,
  leadStatusParamsSchema,
  messageResultSchema,
  savedLeadColumnsSchema,
  managerRoles,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { sendJsonText } from '../../lib/json-text';
import { sealLeadApiKey } from '../whatsapp/index';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/**
 * The leads board on the spec's paths (section 7), the caller's branch's; admins may name
 * another branch with `?branchId=` on every call (issue 20). The columns live on the server per
 * branch; only managers and admins change them.
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['leads'];
  const security = [{ bearerAuth: [] }];
  const one = { 200: leadSchema, ...errors };
  const querystring = leadBoardQuerySchema;
  // The board is sales' work, not the lawyer's (issue 33); the lead a policy came from is part of
  // its expediente, which every role of the branch reads.
  const workers = app.requireRole(leadWorkerRoles);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/api/leads/of-policy/:policyId') await workers(request, reply);
  });

  app.get(
    '/api/leads',
    { schema: { tags, security, summary: 'Leads de la sucursal (filtros: owner=me|id, source)', querystring: leadListQuerySchema, response: { 200: leadListSchema, ...errors } } },
    // The JSON is PostgreSQL's (repository.ts, loadBoardJson), sent without the zod pass; board-json.test.ts
    // compares it byte for byte with what the schema's serializer writes.
    async (request, reply) => sendJsonText(request, reply, await service.listLeads(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/api/leads/columns',
    { schema: { tags, security, summary: 'Estatus (columnas) del tablero de la sucursal', querystring, response: { 200: leadColumnListSchema, ...errors } } },
    (request) => service.getColumns(app.db, currentUser(request), request.query),
  );

  app.put(
    '/api/leads/columns',
    {
      preHandler: app.requireRole(managerRoles),
      schema: {
        tags,
        security,
        summary: 'Guardar los estatus; los leads de un estatus eliminado pasan al primero',
        querystring,
        body: leadColumnsInputSchema,
        response: { 200: savedLeadColumnsSchema, ...errors },
      },
    },
    (request) => service.saveColumns(app.db, currentUser(request), request.body.columns, request.query),
  );

  app.get(
    '/api/leads/owners',
    { schema: { tags, security, summary: 'Agentes y gerentes activos de la sucursal (responsables)', querystring, response: { 200: leadOwnerListSchema, ...errors } } },
    (request) => service.listOwners(app.db, currentUser(request), request.query),
  );

  app.get(
    '/api/leads/of-policy/:policyId',
    {
      schema: {
        tags,
        security,
        summary: 'El lead del que salió una póliza (null si no salió de ninguno)',
        params: leadPolicyParamsSchema,
        response: { 200: leadOfPolicySchema, ...errors },
      },
    },
    (request) => service.getLeadOfPolicy(app.db, currentUser(request), request.params.policyId),
  );

  app.get('/api/leads/:id', { schema: { tags, security, summary: 'Un lead', params: idParamsSchema, querystring, response: one } }, async (request, reply) =>
    withETag(reply, await service.getLead(app.db, currentUser(request), request.params.id, request.query)),
  );

  app.post(
    '/api/leads',
    { schema: { tags, security, summary: 'Crear lead (primer estatus)', querystring, body: leadInputSchema, response: { ...one, 201: leadSchema } } },
    async (request, reply) => reply.status(201).send(await service.createLead(app.db, currentUser(request), sealLeadApiKey(app.secretBox, request.body), request.query)),
  );

  for (const path of ['/api/leads/update/:id', '/api/leads/uodate/:id']) {
    app.post(
      path,
      { schema: { tags, security, summary: 'Actualizar lead (If-Match: "v{versión}" opcional; 412 si otra persona guardó antes)', params: idParamsSchema, querystring, body: leadInputSchema, response: one } },
      async (request, reply) =>
        withETag(reply, await service.updateLead(app.db, currentUser(request), request.params.id, sealLeadApiKey(app.secretBox, request.body), request.query, ifMatchOf(request))),
    );
  }

  app.post(
    '/api/leads/:id/status/:status',
    { schema: { tags, security, summary: 'Mover lead a otro estatus', params: leadStatusParamsSchema, querystring, response: one } },
    (request) => service.changeStatus(app.db, currentUser(request), request.params.id, request.params.status, request.query),
  );

  app.post(
    '/api/leads/:id/convert',
    {
      schema: {
        tags,
        security,
        summary: 'Ligar el lead a la póliza en que se convirtió (pasa a la columna de ganados)',
        params: idParamsSchema,
        querystring,
        body: leadConvertInputSchema,
        response: one,
      },
    },
    (request) => service.convertLead(app.db, currentUser(request), request.params.id, request.body.policyId, request.query),
  );

  app.post(
    '/api/leads/:id/notes',
    { schema: { tags, security, summary: 'Agregar una nota', params: idParamsSchema, querystring, body: leadNoteInputSchema, response: one } },
    (request) => service.addNote(app.db, currentUser(request), request.params.id, request.body.note, request.query),
  );

  app.put(
    '/api/leads/:id/notes/:noteId',
    { schema: { tags, security, summary: 'Editar una nota (su autor, o un gerente)', params: leadNoteParamsSchema, querystring, body: leadNoteInputSchema, response: one } },
    (request) => service.changeNote(app.db, currentUser(request), request.params.id, request.params.noteId, request.body.note, request.query),
  );

  app.delete(
    '/api/leads/:id/notes/:noteId',
    { schema: { tags, security, summary: 'Eliminar una nota (su autor, o un gerente)', params: leadNoteParamsSchema, querystring, response: one } },
    (request) => service.changeNote(app.db, currentUser(request), request.params.id, request.params.noteId, null, request.query),
  );

  app.get(
    '/api/leads/del/:id',
    { schema: { tags, security, summary: 'Eliminar lead', params: idParamsSchema, querystring, response: { 200: messageResultSchema, ...errors } } },
    async (request) => {
      await service.deleteLead(app.db, currentUser(request), request.params.id, request.query);
      return { message: leadMessages.deletedDescription };
    },
  );
};
