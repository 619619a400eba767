import { idParamsSchema } from '../common/fields';
import { endpoint } from '../common/endpoint';
import { linkTokenParamsSchema } from '../public-links/links';
import { moveOutActaSchema, moveOutInputSchema, moveOutPhotoLinkInputSchema, moveOutPhotoLinkSchema, moveOutPublicViewSchema } from './move-out';

/**
 * 'Entrega del inmueble' (issue 32). The photo uploads (multipart, field «file») are
 * POST /api/policy/{id}/move-out/rooms/{roomKey}/photos (staff) and
 * POST /api/public/move-out/{token}/rooms/{roomKey}/photos (by link); the files are read at
 * GET /api/move-out/photos/{id} and GET /api/policy/{id}/move-out/pdf.
 */
export const moveOutEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/policy/:id/move-out', params: idParamsSchema, response: moveOutActaSchema }),
  save: endpoint({ method: 'PUT', path: '/api/policy/:id/move-out', params: idParamsSchema, body: moveOutInputSchema, response: moveOutActaSchema }),
  /** 'Enviar a firma': freezes the acta, draws its PDF and starts the owner's and tenant's signing round. */
  send: endpoint({ method: 'POST', path: '/api/policy/:id/move-out/send', params: idParamsSchema, response: moveOutActaSchema }),
  /** A link for the owner or the tenant to add photos (shown once). */
  photoLink: endpoint({ method: 'POST', path: '/api/policy/:id/move-out/photo-link', params: idParamsSchema, body: moveOutPhotoLinkInputSchema, response: moveOutPhotoLinkSchema, status: 201 }),
};

export const moveOutPublicEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/move-out/:token', params: linkTokenParamsSchema, response: moveOutPublicViewSchema }),
};
