import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { claimCaseRoutes } from './routes/cases';
import { claimListRoutes } from './routes/lists';

/**
 * Incidencias (issue 33): the office's case file from the first missed rent to the recovered
 * property — the staff's routes (every one wants a session) and the owner's page (the token is
 * the credential).
 */
export const claimsModule: FastifyPluginAsyncZod = async (app) => {
  // Each part registers its routes here: staffRoutes(…) for staff, publicRoutes(…) for the owner's link.
  await app.register(staffRoutes(claimListRoutes));
  await app.register(staffRoutes(claimCaseRoutes));
};
export { runClaimDeadlines } from './service/deadline-reminders';
