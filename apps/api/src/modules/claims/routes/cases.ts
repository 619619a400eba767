import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimEditorRoles, claimEndpoints, claimMoneyReverserRoles } from '@portal/domain';
import { currentUser } from '../../../plugins/auth';
import { endpointRoute } from '../../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../../lib/conditional-write';
import { changeClaimStage, openStaffClaim, policyClaims, updateClaimFields } from '../service/cases';
import { addMovement, reverseMovement } from '../service/money';
import { readClaimDetail } from '../service/read';
import { addContact, addDeadline, completeDeadline, saveLawsuit } from '../service/work';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/**
 * One case (issue 33): every role of the branch reads it; those who work the incidencias write
 * (approvers only read); reversing money is for those who answer for it. Each write answers the
 * whole case with its ETag.
 */
export const claimCaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['claims'];
  const security = [{ bearerAuth: [] }];
  const editors = app.requireRole(claimEditorRoles);

  app.route({
    ...endpointRoute(claimEndpoints.open, { tags, security, summary: 'Abrir una incidencia de la póliza (sin monto: las rentas en mora)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await openStaffClaim(app.db, currentUser(request), request.params.id, request.body))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.forPolicy, { tags, security, summary: 'Incidencias de la póliza, la más reciente primero' }, errors),
    handler: async (request) => policyClaims(app.db, currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(claimEndpoints.get, { tags, security, summary: 'Una incidencia con sus eventos, gestiones, términos, documentos y gastos' }, errors),
    handler: async (request, reply) => withETag(reply, await readClaimDetail(app.db, currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(claimEndpoints.update, { tags, security, summary: 'Corregir la descripción, los montos reclamados o el responsable (If-Match: "v{versión}", 412 si alguien guardó antes)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => withETag(reply, await updateClaimFields(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.stage, { tags, security, summary: 'Cambiar la etapa (cerrar pide el resultado; reabrir y regresar, el motivo); notifyOwner avisa al propietario por correo' }, errors),
    onRequest: editors,
    handler: async (request, reply) => withETag(reply, await changeClaimStage(app.db, currentUser(request), request.params.id, request.body)),
  });

  app.route({
    ...endpointRoute(claimEndpoints.contact, { tags, security, summary: 'Registrar una gestión de cobranza (solo con el inquilino y los obligados solidarios, de 7:00 a 22:00, hora de la Ciudad de México)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await addContact(app.db, currentUser(request), request.params.id, request.body))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.deadline, { tags, security, summary: 'Agregar un término (fecha y lo que vence); se recuerda 7, 3 y 1 días antes' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await addDeadline(app.db, currentUser(request), request.params.id, request.body))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.completeDeadline, { tags, security, summary: 'Marcar un término como cumplido' }, errors),
    onRequest: editors,
    handler: async (request, reply) => withETag(reply, await completeDeadline(app.db, currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(claimEndpoints.lawsuit, { tags, security, summary: 'Datos de la demanda: juzgado, expediente y fechas de las etapas procesales, en orden (If-Match opcional)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => withETag(reply, await saveLawsuit(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.movement, { tags, security, summary: 'Registrar un gasto, un monto recuperado o lo entregado al propietario' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(withETag(reply, await addMovement(app.db, currentUser(request), request.params.id, request.body))),
  });

  app.route({
    ...endpointRoute(claimEndpoints.reverseMovement, { tags, security, summary: 'Revertir un movimiento, con motivo (una sola vez; gerentes)' }, errors),
    onRequest: app.requireRole(claimMoneyReverserRoles),
    handler: async (request, reply) => withETag(reply, await reverseMovement(app.db, currentUser(request), request.params.id, request.body.reason)),
  });
};
