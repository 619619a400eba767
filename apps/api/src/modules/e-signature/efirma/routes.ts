import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, publicSigningEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import { requestOrigin } from '../../public-links/index';
import { completionServices } from '../completion-services';
import { signWithEfirma, signingDocument } from './service';
import type { EfirmaSettings } from './trust-store';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/**
 * The signer's e.firma endpoints (issue 35), open to whoever holds a signing link's token:
 * each document of the round as stored (what the browser signs) and the signatures. Registered
 * through publicRoutes().
 */
export const efirmaPublicRoutes: FastifyPluginAsyncZod<{ settings: EfirmaSettings | undefined }> = async (app, { settings }) => {
  const tags = ['e-signature'];
  const deps = {
    db: app.db,
    files: app.files,
    settings,
    onDiscardError: (error: unknown, storedName: string) => app.log.error({ err: error, storedName }, 'could not remove a signing file'),
    onOcspUnavailable: (reason: unknown) => app.log.warn({ err: reason }, 'e.firma OCSP responder unavailable'),
  };

  app.get(
    publicSigningEndpoints.document.path,
    { schema: { tags, summary: 'Un documento de la firma (los bytes cuyo SHA-256 lista la vista)', params: publicSigningEndpoints.document.params } },
    async (request, reply) => {
      const document = await signingDocument(app.db, request.params.token, request.params.kind);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(document.fileName, { type: 'inline' }))
        .header('cache-control', 'no-store')
        .send(app.files.open(document.storedName));
    },
  );

  app.route({
    ...endpointRoute(publicSigningEndpoints.efirma, { tags, summary: 'Firmar con e.firma (certificado y firmas CMS separadas, verificados antes de registrarse)' }, errors),
    // One e.firma signature is a few requests at most; each may ask SAT's OCSP responder.
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    handler: (request) => signWithEfirma({ ...deps, services: completionServices(request) }, request.params.token, request.body, requestOrigin(request)),
  });
};
