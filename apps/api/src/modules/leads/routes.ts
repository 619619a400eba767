import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParamsSchema,
  idSchema,
  leadColumnSchema,
  leadColumnsInputSchema,
  leadInputSchema,
  leadMessages,
  leadNoteInputSchema,
  leadSchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const statusParamsSchema = z.object({ id: idSchema, status: z.string().trim().min(1).max(60) });
const columnsAnswer = z.object({ columns: z.array(leadColumnSchema), moved: z.number() });

/**
 * The leads board on the spec's paths (section 7), always the caller's branch's. The columns
 * live on the server per branch; only managers and admins change them.
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['leads'];
  const security = [{ bearerAuth: [] }];
  const one = { 200: leadSchema, ...errors };

  app.get('/api/leads', { schema: { tags, security, summary: 'Leads de la sucursal', response: { 200: z.array(leadSchema), ...errors } } }, (request) =>
    service.listLeads(app.db, currentUser(request)),
  );

  app.get(
    '/api/leads/columns',
    { schema: { tags, security, summary: 'Estatus (columnas) del tablero de la sucursal', response: { 200: z.array(leadColumnSchema), ...errors } } },
    (request) => service.getColumns(app.db, currentUser(request)),
  );

  app.put(
    '/api/leads/columns',
    {
      preHandler: app.requireRole('admin', 'manager'),
      schema: {
        tags,
        security,
        summary: 'Guardar los estatus; los leads de un estatus eliminado pasan al primero',
        body: leadColumnsInputSchema,
        response: { 200: columnsAnswer, ...errors },
      },
    },
    (request) => service.saveColumns(app.db, currentUser(request), request.body.columns),
  );

  app.post('/api/leads', { schema: { tags, security, summary: 'Crear lead (primer estatus)', body: leadInputSchema, response: { ...one, 201: leadSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.createLead(app.db, currentUser(request), request.body)),
  );

  for (const path of ['/api/leads/update/:id', '/api/leads/uodate/:id']) {
    app.post(path, { schema: { tags, security, summary: 'Actualizar lead', params: idParamsSchema, body: leadInputSchema, response: one } }, (request) =>
      service.updateLead(app.db, currentUser(request), request.params.id, request.body),
    );
  }

  app.post(
    '/api/leads/:id/status/:status',
    { schema: { tags, security, summary: 'Mover lead a otro estatus', params: statusParamsSchema, response: one } },
    (request) => service.changeStatus(app.db, currentUser(request), request.params.id, request.params.status),
  );

  app.post(
    '/api/leads/:id/notes',
    { schema: { tags, security, summary: 'Agregar una nota', params: idParamsSchema, body: leadNoteInputSchema, response: one } },
    (request) => service.addNote(app.db, currentUser(request), request.params.id, request.body.note),
  );

  app.get(
    '/api/leads/del/:id',
    { schema: { tags, security, summary: 'Eliminar lead', params: idParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      await service.deleteLead(app.db, currentUser(request), request.params.id);
      return { message: leadMessages.deletedDescription };
    },
  );
};
