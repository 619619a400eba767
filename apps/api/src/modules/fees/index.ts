import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { tariffRoutes } from './admin-routes';
import { reportRoutes } from './report-routes';
import { feeRoutes } from './routes';

/**
 * The office's fee (issue 34): tariffs per branch and policy type, each policy's quoted fee
 * (written by migration 0044's trigger when the rent is known), its payments and their reversal,
 * the billing report and the dashboard's collections card.
 */
export const feesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(feeRoutes));
  await app.register(staffRoutes(tariffRoutes));
  await app.register(staffRoutes(reportRoutes));
};
export { ensureFeeAllowsContracts } from './service/fee';
