import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, moveOutEditorRoles, moveOutEndpoints, moveOutMessages } from '@portal/domain';
import { currentUser } from '../../plugins/auth';
import { discardStoredFile, receiveUpload, sendStoredFile } from '../../plugins/files';
import { endpointRoute } from '../../lib/endpoint-route';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { publicBaseUrl } from '../../lib/public-url';
import { recordAccess } from '../access-log/index';
import { checkStaffUpload, issuePhotoLink, photoDownload, recordPhoto } from './photos';
import * as service from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

/** 'Entrega del inmueble' (issue 32): every role of the branch reads the acta; admins, managers and agents write it. */
export const moveOutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['move-out'];
  const security = [{ bearerAuth: [] }];
  const editors = app.requireRole(moveOutEditorRoles);
  const onDiscardError = (error: unknown, storedName: string) => app.log.error({ err: error, storedName }, 'could not remove an acta file');
  const maxMb = Math.round(app.config.maxUploadBytes / (1024 * 1024));

  app.route({
    ...endpointRoute(moveOutEndpoints.get, { tags, security, summary: 'Acta de entrega-recepción de la póliza (un borrador vacío, versión 0, antes de guardarla)' }, errors),
    handler: async (request, reply) => withETag(reply, await service.getActa(app.db, currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(moveOutEndpoints.save, { tags, security, summary: 'Guardar el borrador del acta entero (If-Match: "v{versión}", 412 si alguien guardó antes; 409 enviada a firma o póliza cancelada)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => withETag(reply, await service.saveActa(app.db, currentUser(request), request.params.id, request.body, ifMatchOf(request))),
  });

  app.route({
    ...endpointRoute(moveOutEndpoints.send, { tags, security, summary: 'Enviar a firma: congela el acta, genera su PDF e inicia la firma del propietario y el inquilino' }, errors),
    onRequest: editors,
    handler: async (request, reply) =>
      withETag(reply, await service.sendToSignature(app.db, app.files, currentUser(request), request.params.id, ifMatchOf(request), publicBaseUrl(request), onDiscardError)),
  });

  app.route({
    ...endpointRoute(moveOutEndpoints.photoLink, { tags, security, summary: 'Enlace para que el propietario o el inquilino agreguen fotos (se muestra una sola vez; 7 días)' }, errors),
    onRequest: editors,
    handler: async (request, reply) => reply.status(201).send(await issuePhotoLink(app.db, currentUser(request), request.params.id, request.body.party, publicBaseUrl(request))),
  });

  app.post(
    moveOutEndpoints.uploadPhoto.path,
    {
      onRequest: editors,
      schema: {
        tags,
        security,
        summary: 'Agregar una foto a una habitación del acta (JPG o PNG; campo «file»)',
        consumes: ['multipart/form-data'],
        params: moveOutEndpoints.uploadPhoto.params,
        response: { ...errors, 201: moveOutEndpoints.uploadPhoto.response, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { id, roomKey } = request.params;
      await checkStaffUpload(app.db, actor, id, roomKey);
      const received = await receiveUpload(request, ['jpeg', 'png'], photoMessages(maxMb), 'foto');
      try {
        await recordPhoto(app.db, { kind: 'staff', actor }, id, roomKey, received);
      } catch (error) {
        await discardStoredFile(app.files, received.stored.storedName, request.log);
        throw error;
      }
      return reply.status(201).send(withETag(reply, await service.getActa(app.db, actor, id)));
    },
  );

  app.get(moveOutEndpoints.photo.path, { schema: { tags, security, summary: 'Ver una foto del acta de entrega', params: idParamsSchema } }, async (request, reply) => {
    const photo = await photoDownload(app.db, currentUser(request), request.params.id);
    await recordAccess(app.db, request, { action: 'move_out_download', policyId: photo.policyId, subject: `Foto del acta de entrega: ${photo.downloadName}` });
    return sendStoredFile(reply, photo, 'inline');
  });

  app.get(moveOutEndpoints.pdf.path, { schema: { tags, security, summary: 'PDF del acta de entrega (la firmada cuando todos firmaron)', params: idParamsSchema } }, async (request, reply) => {
    const pdf = await service.actaPdf(app.db, currentUser(request), request.params.id);
    await recordAccess(app.db, request, { action: 'move_out_download', policyId: pdf.policyId, subject: pdf.downloadName });
    return sendStoredFile(reply, pdf);
  });
};

export const photoMessages = (maxMb: number) => ({
  missing: moveOutMessages.photoMissing,
  empty: moveOutMessages.photoEmpty,
  tooLarge: moveOutMessages.photoTooLarge(maxMb),
  unsupportedType: moveOutMessages.photoType,
  imageTooLarge: moveOutMessages.photoTooManyPixels,
  imageUnreadable: moveOutMessages.photoUnreadable,
});
