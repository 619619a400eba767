/**
 * TOTP second factor (issue 19): 'Mi cuenta' enrolment routes; the sign-in step (auth module) and
 * the admin's reset (users module) call the service.
 */
export { accountMfaRoutes } from './routes';
export { confirmEnrolment, isMfaEnabled, resetMfa, startEnrolment, verifySecondFactor } from './service';
