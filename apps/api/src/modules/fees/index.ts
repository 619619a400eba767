import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The office's fee (issue 34): tariffs per branch and policy type, each policy's quoted fee,
 * its payments and their reversal, the billing report and the dashboard's collections card.
 */
export const feesModule: FastifyPluginAsyncZod = async () => {};
