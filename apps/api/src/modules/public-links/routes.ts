import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoles,
  apiErrorSchema,
  createLinkInputSchema,
  idParamsSchema,
  issuedLinkSchema,
  linkIdParamsSchema,
  policyEditorRoles,
  policyLinksSchema,
  privacyNoticeVersionsSchema,
  publicLinkSchema,
  resendLinkInputSchema,
  savePrivacyNoticeInputSchema,
} from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { publicBaseUrl } from '../../lib/public-url';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };
const security = [{ bearerAuth: [] }];

/**
 * A policy's links to its people (issue 17), from the expediente and the upload screen. Every
 * staff role of the policy's branch sees them and may revoke one (stopping a link is always safe);
 * those who upload its documents create and resend them — not the lawyer (issue 33). Admins any branch.
 */
export const linkStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public-links'];
  const editors = app.requireRole(policyEditorRoles);

  app.get(
    '/api/policy/:id/links',
    { schema: { tags, security, summary: 'Enlaces de la póliza (del más reciente al más antiguo) y las personas a quienes se puede enviar uno', params: idParamsSchema, response: { 200: policyLinksSchema, ...errors } } },
    (request) => service.policyLinks(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/api/policy/:id/links',
    {
      onRequest: editors,
      schema: {
        tags,
        security,
        summary: 'Crear un enlace para subir documentos (la URL solo viene en esta respuesta)',
        params: idParamsSchema,
        body: createLinkInputSchema,
        response: { 201: issuedLinkSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createLink(app.db, currentUser(request), request.params.id, request.body, publicBaseUrl(request))),
  );

  app.post(
    '/api/policy/:id/links/:linkId/resend',
    {
      onRequest: editors,
      schema: {
        tags,
        security,
        summary: 'Reenviar un enlace: uno nuevo reemplaza al anterior, que deja de funcionar',
        params: linkIdParamsSchema,
        body: resendLinkInputSchema,
        response: { 200: issuedLinkSchema, ...errors },
      },
    },
    (request) => service.resendLink(app.db, currentUser(request), request.params.id, request.params.linkId, request.body, publicBaseUrl(request)),
  );

  app.post(
    '/api/policy/:id/links/:linkId/revoke',
    { schema: { tags, security, summary: 'Revocar un enlace (deja de funcionar)', params: linkIdParamsSchema, response: { 200: publicLinkSchema, ...errors } } },
    (request) => service.revokeLink(app.db, currentUser(request), request.params.id, request.params.linkId),
  );
};

/** The aviso de privacidad the people outside accept (issue 17): admins only, each save a new version. */
export const privacyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole(adminRoles));
  const tags = ['public-links'];

  app.get(
    '/api/admin/privacy-notice',
    { schema: { tags, security, summary: 'Aviso de privacidad vigente y sus versiones', response: { 200: privacyNoticeVersionsSchema, ...errors } } },
    async (_request, reply) => {
      const notices = await service.privacyNoticeVersions(app.db);
      withETag(reply, notices.current);
      return notices;
    },
  );

  app.put(
    '/api/admin/privacy-notice',
    {
      schema: {
        tags,
        security,
        summary: 'Guardar una nueva versión del aviso de privacidad (If-Match: "v{última versión}" opcional; 412 si otra persona guardó antes)',
        body: savePrivacyNoticeInputSchema,
        response: { 200: privacyNoticeVersionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const notices = await service.savePrivacyNotice(app.db, currentUser(request), request.body.text, ifMatchOf(request));
      withETag(reply, notices.current);
      return notices;
    },
  );
};
