import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, publicVerifyEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import * as service from './service';
import { sha256OfUploadedPdf } from './upload';

/**
 * /verificar's API (issue 35): open to anyone, registered through publicRoutes() (the public
 * headers), each route limited to 20 calls a minute per address: a code has 60 bits and cannot be
 * guessed, and the limit keeps a script from hashing uploads all day.
 */
const rateLimit = { max: 20, timeWindow: 60_000 };

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['e-signature'];
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

  app.route({
    ...endpointRoute(publicVerifyEndpoints.byCode, { tags, summary: 'Comprobar un documento firmado por el código de su constancia' }, errors),
    // The code is hidden in the request's log line like a link's token.
    config: { rateLimit, credentialParam: 'code' },
    handler: (request) => service.verifyByCode(app.db, request.params.code, request.log),
  });

  const byFile = endpointRoute(
    publicVerifyEndpoints.byFile,
    { tags, summary: 'Comprobar un PDF firmado (multipart, campo «file», hasta 25 MB): se calcula su SHA-256 y no se guarda' },
    { ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
  );
  app.route({
    ...byFile,
    schema: { ...byFile.schema, consumes: ['multipart/form-data'] },
    // No credential in this path ('' turns publicRoutes()' default `token` off).
    config: { rateLimit, credentialParam: '' },
    handler: async (request) => service.verifyBySha256(app.db, await sha256OfUploadedPdf(request), request.log),
  });
};
