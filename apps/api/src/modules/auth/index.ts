/**
 * The auth module's public face: its routes, the current-user lookup app.ts hands to the auth
 * plugin and its cache (started by app.ts, told of a user changed here by the users module), the
 * JWT secret main.ts resolves, and ending a user's sessions (users module; all but the current
 * one after a password change, account module).
 */
// Sign-in routes take their own credentials; the ones that want a session say so per route.
export { authRoutes as authModule } from './routes';
export { findActiveUser, LOGIN_LIMITS, reserveSignIn, revokeOtherSessions, signInSucceeded, unlockSignIn, userForAccessToken } from './service';
export { revokeAllRefreshTokens as revokeAllSessions } from './repository';
export { expectUserChange, startUserCache } from './user-cache';
