import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { publicLinkRoutes } from './public-routes';
import { linkStaffRoutes, privacyAdminRoutes } from './routes';

/**
 * Links for the people outside (issue 17, decision 017): the token machinery and the link's own
 * public endpoints, the staff's endpoints for a policy's links, and the aviso's admin. The upload
 * and signing modules resolve tokens through here.
 */
export const publicLinksModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicRoutes(publicLinkRoutes));
  await app.register(staffRoutes(linkStaffRoutes));
  await app.register(staffRoutes(privacyAdminRoutes));
};
export { invalidLink, issueLink, requestOrigin, relockLink, requirePrivacyAccepted, resolveLink, type ActiveLink } from './service';
export { hashToken, newLinkToken } from './tokens';
export { e164Phone, sendLinkAgain, whatsappText, whatsappUrl } from './delivery';
export { markFinished as markLinkFinished } from './repository';
