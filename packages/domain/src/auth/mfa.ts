import { z } from 'zod';
import { messages } from '../common/messages';
import { loginTokensSchema } from './login';

/** Texts of the second sign-in step and of the enrolment (issue 19). */
export const mfaMessages = {
  invalidCode: 'El código de verificación no es válido',
  challengeExpired: 'La verificación expiró. Inicie sesión nuevamente.',
  alreadyEnabled: 'La verificación en dos pasos ya está activada',
  notEnabled: 'La verificación en dos pasos no está activada',
  notStarted: 'Primero inicie la activación de la verificación en dos pasos',
} as const;

/** A 6-digit code of the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const mfaCodeField = z
  .string({ error: messages.required('Código de verificación') })
  .trim()
  .min(1, messages.required('Código de verificación'))
  .max(20, messages.tooLong('Código de verificación', 20));

export const mfaCodeRequestSchema = z.object({ code: mfaCodeField });
export type MfaCodeRequest = z.infer<typeof mfaCodeRequestSchema>;

const challengeField = z
  .string({ error: messages.required('challenge') })
  .min(1, messages.required('challenge'))
  .max(2000, messages.tooLong('challenge', 2000));

export const mfaChallengeRequestSchema = z.object({ challenge: challengeField });
export const mfaLoginRequestSchema = z.object({ challenge: challengeField, code: mfaCodeField });
export type MfaLoginRequest = z.infer<typeof mfaLoginRequestSchema>;

/** The password was right; a code is still needed (POST /api/auth/login/mfa). */
export const mfaRequiredResponseSchema = z.object({ mfaRequired: z.literal(true), challenge: z.string() });
/** The password was right; the account must enrol MFA first (POST /api/auth/login/mfa-setup…). */
export const mfaEnrolmentRequiredResponseSchema = z.object({ mfaEnrolmentRequired: z.literal(true), challenge: z.string() });

/** POST /api/auth/login: tokens, or a challenge (a code is still needed, or an admin must enrol first). */
export const loginResponseSchema = z.union([loginTokensSchema, mfaRequiredResponseSchema, mfaEnrolmentRequiredResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const mfaSetupResponseSchema = z.object({
  secret: z.string().describe('Base32, para escribirlo en la aplicación si no se puede escanear'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('Imagen PNG como data: URL'),
});
export type MfaSetup = z.infer<typeof mfaSetupResponseSchema>;

export const mfaRecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesResponseSchema>;

export const mfaEnrolledLoginResponseSchema = loginTokensSchema.extend({ recoveryCodes: z.array(z.string()) });
export type MfaEnrolledLogin = z.infer<typeof mfaEnrolledLoginResponseSchema>;

export const mfaStatusSchema = z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
