import { z } from 'zod';
import { messages } from '../common/messages';
import { emailField } from '../common/fields';
import { roleSchema } from './roles';
import { recordStatusSchema } from '../common/status';

export const loginRequestSchema = z.object({
  email: emailField(),
  // No length rule on sign-in: an old password must still be accepted, the hash decides.
  password: z
    .string({ error: messages.required('Contraseña') })
    .min(1, messages.required('Contraseña'))
    .max(200, messages.tooLong('Contraseña', 200)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  status: recordStatusSchema,
  branchId: z.number().nullable(),
  branchName: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().describe('Segundos de vida del token de acceso'),
  user: sessionUserSchema,
});
export type LoginTokens = z.infer<typeof loginTokensSchema>;
// What POST /api/auth/login answers (tokens or an MFA challenge) is in mfa.ts.

export const refreshTokenRequestSchema = z.object({
  refreshToken: z
    .string({ error: messages.required('refreshToken') })
    .min(1, messages.required('refreshToken'))
    .max(500, messages.tooLong('refreshToken', 500)),
});
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;

export const refreshTokenResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

export const logoutRequestSchema = z.object({
  refreshToken: z.string().max(500).optional(),
});
/** POST /api/auth/logout's body: the refresh token to revoke, or none at all. */
export const logoutBodySchema = logoutRequestSchema.optional();
