import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import {
  apiErrorSchema,
  codeSentSchema,
  declineInputSchema,
  idParamsSchema,
  latestSigningRoundSchema,
  linkTokenParamsSchema,
  noContentSchema,
  policyEditorRoles,
  signInputSchema,
  signingViewSchema,
  verifyCodeInputSchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { publicBaseUrl } from '../../lib/public-url';
import { requestOrigin } from '../public-links/index';
import { completionServices } from './completion-services';
import { resendRound } from './round-resend';
import * as service from './service';

const publicErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema, 429: apiErrorSchema };

/**
 * The signer's endpoints (issue 17), open to whoever holds a signing link's token: the round as
 * they see it, the pack, the one-time code, the signature and the refusal. Registered through publicRoutes().
 */
export const signingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['e-signature'];
  const params = linkTokenParamsSchema;
  const onDiscardError = (error: unknown, storedName: string) => app.log.error({ err: error, storedName }, 'could not remove a signing file');

  app.get(
    '/api/public/links/:token/signing',
    { schema: { tags, summary: 'La firma como la ve el firmante', params, response: { 200: signingViewSchema, ...publicErrors } } },
    (request) => service.signingView(app.db, request.params.token),
  );

  app.get(
    '/api/public/links/:token/signing/pack',
    { schema: { tags, summary: 'El PDF que se firma (los bytes cuyo SHA-256 es packSha256)', params } },
    async (request, reply) => {
      const pack = await service.signingPack(app.db, request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(pack.fileName, { type: 'inline' }))
        .header('cache-control', 'no-store')
        .send(app.files.open(pack.storedName));
    },
  );

  app.post(
    '/api/public/links/:token/signing/code',
    { schema: { tags, summary: 'Enviar un código de 6 dígitos por correo', params, response: { 200: codeSentSchema, ...publicErrors } } },
    // The person is waiting for it: app.ts has the outbox delivered right after this answer.
    (request) => service.requestCode(app.db, request.params.token),
  );

  app.post(
    '/api/public/links/:token/signing/verify',
    { schema: { tags, summary: 'Confirmar el código', params, body: verifyCodeInputSchema, response: { 204: noContentSchema, ...publicErrors } } },
    async (request, reply) => {
      await service.verifyCode(app.db, request.params.token, request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/public/links/:token/signing/sign',
    { schema: { tags, summary: 'Firmar (con el código confirmado)', params, body: signInputSchema, response: { 200: signingViewSchema, ...publicErrors } } },
    (request) => service.sign(app.db, completionServices(request), request.params.token, request.body, requestOrigin(request), onDiscardError),
  );

  app.post(
    '/api/public/links/:token/signing/decline',
    { schema: { tags, summary: 'No firmar, con el motivo', params, body: declineInputSchema, response: { 204: noContentSchema, ...publicErrors } } },
    async (request, reply) => {
      await service.decline(app.db, request.params.token, request.body.reason);
      return reply.status(204).send(null);
    },
  );
};

/** Staff: the policy's signing round in the expediente, and an ended one sent again. */
export const signingStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['e-signature'];
  const security = [{ bearerAuth: [] }];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const onDiscardError = (error: unknown, storedName: string) => app.log.error({ err: error, storedName }, 'could not remove a signing file');

  app.get(
    '/api/policy/:id/signing',
    { schema: { tags, security, summary: 'La ronda de firma electrónica más reciente de la póliza', params: idParamsSchema, response: { 200: latestSigningRoundSchema, ...errors } } },
    (request) => service.policySigning(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/api/policy/:id/signing/resend',
    {
      // Those who may send a policy to signature (issue 33: not the lawyer).
      onRequest: app.requireRole(policyEditorRoles),
      schema: {
        tags,
        security,
        summary: 'Enviar de nuevo una firma vencida o rechazada: una ronda nueva sobre los contratos actuales (409 si hay una abierta o la póliza no está en Firma)',
        params: idParamsSchema,
        response: { 200: latestSigningRoundSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await resendRound(app.db, app.files, actor, request.params.id, { baseUrl: publicBaseUrl(request), efirmaAvailable: app.config.efirma !== undefined }, onDiscardError);
      return service.policySigning(app.db, actor, request.params.id);
    },
  );
};
