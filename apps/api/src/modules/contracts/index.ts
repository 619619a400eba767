import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { contractRoutes, contractTemplateRoutes } from './routes';
import type { TemplatePreviews } from './service';

/**
 * The contracts module's public face (issue 16): its routes, and the hook app.ts hands the policies
 * module so entering 'contracts' generates the pack in the same transaction.
 */
// Its routes as app.ts registers them: every one wants a session (the templates, an admin's).
// The rent statement's preview is the rents module's drawing, a case document's the claims
// module's, handed in by app.ts.
export const contractsModule: FastifyPluginAsyncZod<TemplatePreviews> = async (app, options) => {
  await app.register(staffRoutes(contractRoutes));
  await app.register(staffRoutes(contractTemplateRoutes), { statementPreview: options.statementPreview, claimPreview: options.claimPreview });
};
export { contractPackHook } from './service';
export { warmUpPdfRendering } from './pdf';
export { pdfRenderingReady, renderDocument } from './pdf';
export type { NamedBlocks, PlaceholderValues } from './markup';
export { branchSetting, claimTemplate, drawStatement, statementTemplate } from './service';
export { claimPolicyFacts, drawClaimPdf, type ClaimPreview } from './claim-documents';
export type { Signature } from './markup';
