/**
 * The contracts module's public face (issue 16): its routes, and the hook app.ts hands the policies
 * module so entering 'contracts' generates the pack in the same transaction.
 */
export { contractRoutes, contractTemplateRoutes } from './routes';
export { contractPackHook } from './service';
export { warmUpPdfRendering } from './pdf';
