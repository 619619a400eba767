import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimOwnerMaxFiles, claimOwnerMessages, claimOwnerFilesField, claimPublicEndpoints } from '@portal/domain';
import { endpointRoute } from '../../../lib/endpoint-route';
import { discardStoredFile, receiveFormFiles, type ReceivedUpload } from '../../../plugins/files';
import type { ActiveLink } from '../../public-links/index';
import { evidenceFileTypes, evidenceUploadMessages } from '../files/evidence-files';
import { checkOwnerReport, publicOwnerView, recordOwnerReport } from './report';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema };

/** The report's text fields (type, description) and a little room: more is refused by the parser. */
const reportFields = { count: 4, bytes: 8 * 1024 };

/**
 * The owner's page (issue 33): no session, the token in the path is the credential and reaches
 * only its policy's cases. Registered through publicRoutes() (rate limit, public headers, the
 * token hidden in the log).
 */
export const claimOwnerPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['claims'];
  const messages = evidenceUploadMessages(app.config.maxUploadBytes, claimOwnerMessages.filesMissing);

  app.route({
    ...endpointRoute(claimPublicEndpoints.view, { tags, summary: 'Las incidencias de la póliza como las ve el propietario: tipo, etapa, siguiente paso y fechas (enlace del propietario)' }, errors),
    handler: (request) => publicOwnerView(app.db, request.params.token),
  });

  // A multipart report's files are stored while its form is read (streamed), and removed again
  // unless the case that names them committed (a refused field, a dead link…).
  const received = new WeakMap<FastifyRequest, { link: ActiveLink; uploads: ReceivedUpload[]; kept: boolean }>();
  app.route({
    ...endpointRoute(
      claimPublicEndpoints.report,
      {
        tags,
        summary: `Reportar un problema (enlace del propietario): JSON { type, description }, o multipart/form-data con los mismos campos y hasta ${claimOwnerMaxFiles} fotos o PDF en «${claimOwnerFilesField}»`,
      },
      errors,
    ),
    preValidation: async (request) => {
      if (!request.isMultipart()) return;
      // A dead link, the aviso not accepted or a cancelled policy is refused before a byte is read.
      const link = await checkOwnerReport(app.db, request.params.token);
      const form = await receiveFormFiles(request, claimOwnerFilesField, evidenceFileTypes, messages, {
        maxFiles: claimOwnerMaxFiles,
        maxFields: reportFields.count,
        maxFieldBytes: reportFields.bytes,
        fallbackName: 'evidencia',
      });
      received.set(request, { link, uploads: form.uploads, kept: false });
      request.body = form.fields as unknown as typeof request.body;
    },
    onResponse: async (request) => {
      const form = received.get(request);
      if (form && !form.kept) await Promise.all(form.uploads.map((upload) => discardStoredFile(app.files, upload.stored.storedName, request.log)));
    },
    handler: async (request, reply) => {
      const form = received.get(request);
      const link = form?.link ?? (await checkOwnerReport(app.db, request.params.token));
      const answer = await recordOwnerReport(app.db, link, request.body, form?.uploads ?? []);
      if (form) form.kept = true;
      return reply.status(201).send(answer);
    },
  });
};
