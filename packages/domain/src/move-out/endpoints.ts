import { idParamsSchema } from '../common/fields';
import { endpoint } from '../common/endpoint';
import { z } from 'zod';
import { linkTokenParamsSchema } from '../public-links/links';
import {
  moveOutActaSchema,
  moveOutInputSchema,
  moveOutPhotoLinkInputSchema,
  moveOutPhotoLinkSchema,
  moveOutPublicRoomParamsSchema,
  moveOutPublicViewSchema,
  moveOutRoomParamsSchema,
} from './move-out';

/** 'Entrega del inmueble' (issue 32). Photo uploads are multipart, field «file» (JPG or PNG). */
export const moveOutEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/policy/:id/move-out', params: idParamsSchema, response: moveOutActaSchema }),
  save: endpoint({ method: 'PUT', path: '/api/policy/:id/move-out', params: idParamsSchema, body: moveOutInputSchema, response: moveOutActaSchema }),
  /** 'Enviar a firma': freezes the acta, draws its PDF and starts the owner's and tenant's signing round. */
  send: endpoint({ method: 'POST', path: '/api/policy/:id/move-out/send', params: idParamsSchema, response: moveOutActaSchema }),
  /** A link for the owner or the tenant to add photos (shown once). */
  photoLink: endpoint({ method: 'POST', path: '/api/policy/:id/move-out/photo-link', params: idParamsSchema, body: moveOutPhotoLinkInputSchema, response: moveOutPhotoLinkSchema, status: 201 }),
  uploadPhoto: endpoint({ method: 'POST', path: '/api/policy/:id/move-out/rooms/:roomKey/photos', params: moveOutRoomParamsSchema, response: moveOutActaSchema, status: 201 }),
  /** A photo (inline) and the acta's PDF (the signed one once everyone signed). */
  photo: endpoint({ method: 'GET', path: '/api/move-out/photos/:id', params: idParamsSchema }),
  pdf: endpoint({ method: 'GET', path: '/api/policy/:id/move-out/pdf', params: idParamsSchema }),
};

export const moveOutPublicEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/move-out/:token', params: linkTokenParamsSchema, response: moveOutPublicViewSchema }),
  uploadPhoto: endpoint({ method: 'POST', path: '/api/public/move-out/:token/rooms/:roomKey/photos', params: moveOutPublicRoomParamsSchema, response: z.object({ ok: z.literal(true) }), status: 201 }),
};
