import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { rentConfirmationPublicRoutes } from './confirmations/public-routes';
import { rentProofPublicRoutes } from './proofs/public-routes';
import { rentProofRoutes } from './proofs/routes';
import { rentRoutes } from './routes';

/**
 * The policy's year of rents (issue 32): the staff's routes (every one wants a session), the
 * owner's confirmation page (the token is the credential) and the daily job's work.
 */
export const rentsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(rentRoutes));
  await app.register(publicRoutes(rentConfirmationPublicRoutes));
  await app.register(staffRoutes(rentProofRoutes));
  await app.register(publicRoutes(rentProofPublicRoutes));
};
export { runRentArrears } from './arrears';
export { runRentReminders } from './reminders';
export { arrearsReport } from './aging';
export { getLedger as rentLedger } from './service';
export { rentStatementPreview } from './statement';
