import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { publicUploadRoutes } from './public-routes';
import { investigationRoutes } from './routes';

/** The investigations module's public face: its routes (staff's, and the upload by link), and a policy's documents checklist (the expediente). */
export const investigationsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(investigationRoutes));
  await app.register(publicRoutes(publicUploadRoutes));
};
export { policyDocumentChecklist } from './service';
