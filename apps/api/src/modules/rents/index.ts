import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { rentConfirmationPublicRoutes } from './confirmations/public-routes';
import { rentRoutes } from './routes';

/**
 * The policy's year of rents (issue 32): the staff's routes (every one wants a session), the
 * owner's confirmation page (the token is the credential) and the daily job's work.
 */
export const rentsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(rentRoutes));
  await app.register(publicRoutes(rentConfirmationPublicRoutes));
};
export { runRentArrears } from './arrears';
export { runRentReminders } from './reminders';
export { arrearsReport } from './aging';
