import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { leadCapturePublicRoutes, leadCaptureSettingsRoutes, whatsappWebhookRoutes } from './routes';

/**
 * Leads that arrive by themselves (issue 20): the business's web forms, the WhatsApp gateway's
 * webhook, and the managers' settings of both.
 */
export const leadCaptureModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicRoutes(leadCapturePublicRoutes));
  // Its own proof: the gateway's signature of the body (or its secret header), checked by the route.
  await app.register(publicRoutes(whatsappWebhookRoutes));
  await app.register(staffRoutes(leadCaptureSettingsRoutes));
};
