import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { efirmaPublicRoutes } from './efirma/routes';
import type { EfirmaSettings } from './efirma/trust-store';
import { signingPublicRoutes, signingStaffRoutes } from './routes';
import { signatureFileRoutes } from './signature-files/routes';
import { verificationRoutes } from './verification/routes';

/**
 * Signing by link (issue 17, decision 017): the hook app.ts hands the policies module (a round
 * starts on entering 'signature' and ends on leaving it), the signer's public endpoints and the
 * staff's read of a round; issue 35 adds the e.firma (its trust store read by app.ts at start),
 * /verificar's API and the staff's .p7s files.
 */
export const eSignatureModule: FastifyPluginAsyncZod<{ efirma: EfirmaSettings | undefined }> = async (app, { efirma }) => {
  await app.register(publicRoutes(signingPublicRoutes));
  await app.register(publicRoutes(verificationRoutes));
  await app.register(publicRoutes(efirmaPublicRoutes), { settings: efirma });
  await app.register(staffRoutes(signingStaffRoutes));
  await app.register(staffRoutes(signatureFileRoutes));
};
export { signingHook } from './rounds';
export { loadEfirmaSettings } from './efirma/trust-store';
export { documentRound, startDocumentRound, type DocumentRound } from './document-rounds';
export { runSigningRounds } from './round-jobs';
