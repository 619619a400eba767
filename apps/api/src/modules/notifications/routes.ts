import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, notificationListQuerySchema, notificationListSchema, notificationSchema, unreadCountSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The bell: every signed-in user reads and marks their own notifications, and only theirs. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'Mis notificaciones, de la más reciente a la más antigua, y cuántas no he leído',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    (request) => service.listNotifications(app.db, currentUser(request), request.query),
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { tags, security, summary: 'Marcar todas mis notificaciones como leídas', response: { 200: unreadCountSchema, ...errors } } },
    (request) => service.markAllNotificationsRead(app.db, currentUser(request)),
  );

  app.post(
    '/api/notifications/:id/read',
    { schema: { tags, security, summary: 'Marcar una notificación como leída', params: idParamsSchema, response: { 200: notificationSchema, ...errors } } },
    (request) => service.markNotificationRead(app.db, currentUser(request), request.params.id),
  );
};
