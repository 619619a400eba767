import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import {
  createLinkInputSchema,
  issuedLinkSchema,
  linkIdParamsSchema,
  linkTokenParamsSchema,
  policyLinksSchema,
  privacyAcceptanceInputSchema,
  publicLinkSchema,
  publicLinkViewSchema,
  resendLinkInputSchema,
} from './links';
import { privacyNoticeVersionsSchema, savePrivacyNoticeInputSchema } from './privacy';
import { publicUploadParamsSchema, publicUploadViewSchema } from './public-upload';

/** A policy's links to its people, managed by staff (decision 024). */
export const linkEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/policy/:id/links', params: idParamsSchema, response: policyLinksSchema }),
  /** The answer carries the link's URL, the only time it is known. */
  create: endpoint({ method: 'POST', path: '/api/policy/:id/links', params: idParamsSchema, body: createLinkInputSchema, response: issuedLinkSchema, status: 201 }),
  resend: endpoint({ method: 'POST', path: '/api/policy/:id/links/:linkId/resend', params: linkIdParamsSchema, body: resendLinkInputSchema, response: issuedLinkSchema }),
  revoke: endpoint({ method: 'POST', path: '/api/policy/:id/links/:linkId/revoke', params: linkIdParamsSchema, response: publicLinkSchema }),
};

/** The aviso de privacidad the people outside accept: admins only (decision 024). */
export const privacyNoticeEndpoints = {
  versions: endpoint({ method: 'GET', path: '/api/admin/privacy-notice', response: privacyNoticeVersionsSchema }),
  save: endpoint({ method: 'PUT', path: '/api/admin/privacy-notice', body: savePrivacyNoticeInputSchema, response: privacyNoticeVersionsSchema }),
};

/** A link's own page, its privacy acceptance and its uploads: no session, the token is the credential (decision 024). */
export const publicLinkEndpoints = {
  view: endpoint({ method: 'GET', path: '/api/public/links/:token', params: linkTokenParamsSchema, response: publicLinkViewSchema }),
  acceptPrivacy: endpoint({ method: 'POST', path: '/api/public/links/:token/privacy', params: linkTokenParamsSchema, body: privacyAcceptanceInputSchema, response: noContentSchema, status: 204 }),
  uploadView: endpoint({ method: 'GET', path: '/api/public/links/:token/documents', params: linkTokenParamsSchema, response: publicUploadViewSchema }),
  /** A document into one of the link's slots (multipart, field «file»); the answer is the whole view. */
  upload: endpoint({ method: 'POST', path: '/api/public/links/:token/upload/:documentType', params: publicUploadParamsSchema, response: publicUploadViewSchema, status: 201 }),
  /** An identification, naming its type. */
  uploadIdentification: endpoint({
    method: 'POST',
    path: '/api/public/links/:token/upload/:documentType/:identificationType',
    params: publicUploadParamsSchema,
    response: publicUploadViewSchema,
    status: 201,
  }),
};
