import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, mfaCodeRequestSchema, mfaRecoveryCodesResponseSchema, mfaSetupResponseSchema, mfaStatusSchema, noContentSchema } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import * as mfa from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** 'Mi cuenta' → verificación en dos pasos: every signed-in user, about themselves only. */
export const accountMfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/account/mfa',
    { schema: { tags, security, summary: 'Si tengo la verificación en dos pasos activada', response: { 200: mfaStatusSchema, ...errors } } },
    (request) => mfa.mfaStatus(app.db, currentUser(request).id),
  );

  app.post(
    '/api/account/mfa/setup',
    {
      schema: {
        tags,
        security,
        summary: 'Iniciar la activación: un secreto nuevo (pendiente) con su código QR',
        response: { 200: mfaSetupResponseSchema, ...errors },
      },
    },
    (request) => mfa.startEnrolment(app.db, app.secretBox, currentUser(request)),
  );

  app.post(
    '/api/account/mfa/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirmar con un código de la aplicación: activa y entrega diez códigos de recuperación',
        body: mfaCodeRequestSchema,
        response: { 200: mfaRecoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => ({ recoveryCodes: await mfa.confirmEnrolment(app.db, app.secretBox, currentUser(request).id, request.body.code) }),
  );

  app.post(
    '/api/account/mfa/disable',
    {
      schema: {
        tags,
        security,
        summary: 'Desactivar (pide un código actual o de recuperación)',
        body: mfaCodeRequestSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await mfa.disableMfa(app.db, app.secretBox, currentUser(request).id, request.body.code);
      return reply.status(204).send(null);
    },
  );
};
