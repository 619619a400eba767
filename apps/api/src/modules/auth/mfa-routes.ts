import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  loginTokensSchema,
  mfaChallengeRequestSchema,
  mfaEnrolledLoginResponseSchema,
  mfaLoginRequestSchema,
  mfaSetupResponseSchema,
} from '@portal/domain';
import * as mfaLogin from './mfa-login';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The sign-in's second step and the enrolment an admin is made to do first (the challenge is the credential). */
export const mfaLoginRoutes: FastifyPluginAsyncZod<{ jwtSecret: Uint8Array }> = async (app, { jwtSecret }) => {
  const tags = ['auth'];

  app.post(
    '/api/auth/login/mfa',
    {
      schema: {
        tags,
        summary: 'Segundo paso: el código de la aplicación (o uno de recuperación) por los tokens',
        body: mfaLoginRequestSchema,
        response: { 200: loginTokensSchema, ...errors },
      },
    },
    (request) => mfaLogin.loginWithCode(app.db, jwtSecret, app.secretBox, request.body, request.ip),
  );

  app.post(
    '/api/auth/login/mfa-setup',
    {
      schema: {
        tags,
        summary: 'Activación obligatoria (MFA_REQUIRED_FOR=admin): un secreto nuevo con su código QR',
        body: mfaChallengeRequestSchema,
        response: { 200: mfaSetupResponseSchema, ...errors },
      },
    },
    (request) => mfaLogin.startRequiredEnrolment(app.db, jwtSecret, app.secretBox, request.body.challenge),
  );

  app.post(
    '/api/auth/login/mfa-setup/confirm',
    {
      schema: {
        tags,
        summary: 'Confirmar la activación obligatoria: los tokens y diez códigos de recuperación',
        body: mfaLoginRequestSchema,
        response: { 200: mfaEnrolledLoginResponseSchema, ...errors },
      },
    },
    (request) => mfaLogin.confirmRequiredEnrolment(app.db, jwtSecret, app.secretBox, request.body, request.ip),
  );
};
