import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { claimAgreementRoutes } from './agreement/routes';
import { claimDocumentRoutes } from './documents/routes';

/**
 * Incidencias (issue 33): the office's case file from the first missed rent to the recovered
 * property — the staff's routes (every one wants a session) and the owner's page (the token is
 * the credential).
 */
export const claimsModule: FastifyPluginAsyncZod = async (app) => {
  // Each part registers its routes here: staffRoutes(…) for staff, publicRoutes(…) for the owner's link.
  await app.register(staffRoutes(claimDocumentRoutes));
  await app.register(staffRoutes(claimAgreementRoutes));
};
// The templates admin's preview of a case document (app.ts hands it to the contracts module).
export { claimDocumentPreview } from './documents/service';
// The expediente lists the policy's case documents.
export { policyClaimDocuments } from './documents/service';
// The daily 'claim-instalments' job.
export { runClaimInstalments } from './agreement/job';
