import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { claimAgreementRoutes } from './agreement/routes';
import { claimDocumentRoutes } from './documents/routes';
import { claimFileRoutes } from './files/routes';
import { claimOwnerPublicRoutes } from './owner/public-routes';
import { claimOwnerLinkRoutes } from './owner/routes';
import { claimCaseRoutes } from './routes/cases';
import { claimListRoutes } from './routes/lists';

/**
 * Incidencias (issue 33): the office's case file from the first missed rent to the recovered
 * property — the staff's routes (every one wants a session) and the owner's page (the token is
 * the credential).
 */
export const claimsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes(claimListRoutes));
  await app.register(staffRoutes(claimCaseRoutes));
  await app.register(staffRoutes(claimDocumentRoutes));
  await app.register(staffRoutes(claimAgreementRoutes));
  await app.register(staffRoutes(claimOwnerLinkRoutes));
  await app.register(staffRoutes(claimFileRoutes));
  await app.register(publicRoutes(claimOwnerPublicRoutes));
};
// The templates admin's preview of a case document (app.ts hands it to the contracts module).
export { claimDocumentPreview } from './documents/service';
// The expediente lists the policy's case documents.
export { policyClaimDocuments } from './documents/service';
// The daily 'claim-instalments' job.
export { runClaimInstalments } from './agreement/job';
/** For the rents module: the owner's 'No' on a rent confirmation opens (or adds to) a draft case of missed rent. */
export { recordRentNotReceived } from './owner/rent-refusal';
/** For the ARCO requests and the retention run (issue 33): what the cases hold of people, and its anonymisation. */
export { claimsHeldByPolicies } from './service/privacy';
export { anonymiseClaimRows, claimIdsOfPolicies, lockDueClosedClaims } from './repository/privacy';
// The daily 'claim-deadlines' job.
export { runClaimDeadlines } from './service/deadline-reminders';
