import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { contractRoutes, contractTemplateRoutes } from './routes';

/**
 * The contracts module's public face (issue 16): its routes, and the hook app.ts hands the policies
 * module so entering 'contracts' generates the pack in the same transaction.
 */
// Its routes as app.ts registers them: every one wants a session (the templates, an admin's).
export const contractsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(contractRoutes));
  await app.register(staffRoutes(contractTemplateRoutes));
};
export { contractPackHook } from './service';
export { warmUpPdfRendering } from './pdf';
export { pdfRenderingReady, renderDocument } from './pdf';
