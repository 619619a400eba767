import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { invoiceRoutes } from './routes';

/**
 * CFDI 4.0 invoices of fee payments (issue 34) through a PAC adapter (Facturapi first): issue
 * with an Idempotency-Key, download the XML and PDF, cancel with the SAT's motive.
 */
export const invoicesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(invoiceRoutes));
};
