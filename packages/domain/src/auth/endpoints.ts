import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { loginRequestSchema, loginTokensSchema, logoutBodySchema, refreshTokenRequestSchema, refreshTokenResponseSchema, sessionUserSchema } from './login';
import { loginResponseSchema, mfaChallengeRequestSchema, mfaEnrolledLoginResponseSchema, mfaLoginRequestSchema, mfaSetupResponseSchema } from './mfa';

/** Signing in and out, the session's renewal and 'who am I' (decision 024). */
export const authEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/auth/login', body: loginRequestSchema, response: loginResponseSchema }),
  /** The second step: the app's code (or a recovery code) for the challenge. */
  loginWithCode: endpoint({ method: 'POST', path: '/api/auth/login/mfa', body: mfaLoginRequestSchema, response: loginTokensSchema }),
  /** The enrolment an account is made to do before its first session (MFA_REQUIRED_FOR). */
  startRequiredMfaSetup: endpoint({ method: 'POST', path: '/api/auth/login/mfa-setup', body: mfaChallengeRequestSchema, response: mfaSetupResponseSchema }),
  confirmRequiredMfaSetup: endpoint({ method: 'POST', path: '/api/auth/login/mfa-setup/confirm', body: mfaLoginRequestSchema, response: mfaEnrolledLoginResponseSchema }),
  refreshToken: endpoint({ method: 'POST', path: '/api/auth/refresh-token', body: refreshTokenRequestSchema, response: refreshTokenResponseSchema }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', body: logoutBodySchema, response: noContentSchema, status: 204 }),
  me: endpoint({ method: 'GET', path: '/api/auth/me', response: sessionUserSchema }),
};
