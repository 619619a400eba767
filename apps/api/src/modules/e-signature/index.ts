/**
 * Signing by link (issue 17, decision 017): the hook app.ts hands the policies module (a round
 * starts on entering 'signature' and ends on leaving it), the signer's public endpoints and the
 * staff's read of a round.
 */
export { signingPublicRoutes, signingStaffRoutes } from './routes';
export { signingHook } from './round';
