import { staffRoutes } from '../../plugins/auth';
import { accountMfaRoutes } from './routes';

/**
 * TOTP second factor (issue 19): 'Mi cuenta' enrolment routes; the sign-in step (auth module) and
 * the admin's reset (users module) call the service.
 */
// Its routes as app.ts registers them: every one wants a session.
export const mfaModule = staffRoutes(accountMfaRoutes);
export { confirmEnrolment, isMfaEnabled, resetMfa, startEnrolment, verifySecondFactor } from './service';
