import { z } from 'zod';
import { messages } from '../common/messages';
import { roleSchema } from '../auth/roles';
import { passwordField } from '../users/user';
import { notificationKindSchema } from './notification';

/** GET /api/account: the signed-in user's own record and e-mail choices ('Mi cuenta'). */
export const accountSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  branchId: z.number().nullable(),
  branchName: z.string().nullable(),
  emailKinds: z.array(notificationKindSchema),
});
export type Account = z.infer<typeof accountSchema>;

export const accountLabels = {
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirmar contraseña',
} as const;

/** PUT /api/account/notification-preferences: the kinds that also come by e-mail (the rest: in the portal only). */
export const emailPreferencesSchema = z.object({
  emailKinds: z
    .array(notificationKindSchema, { error: 'El campo Notificaciones por correo debe ser una lista' })
    .max(20)
    .transform((kinds) => [...new Set(kinds)]),
});
export type EmailPreferences = z.input<typeof emailPreferencesSchema>;

/**
 * POST /api/account/password. The new password follows the users' rules; `refreshToken` (optional)
 * names the session to keep: every other session of the user ends.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.required(accountLabels.currentPassword) })
      .min(1, messages.required(accountLabels.currentPassword))
      .max(200, messages.tooLong(accountLabels.currentPassword, 200)),
    newPassword: passwordField,
    confirmPassword: z.string({ error: messages.required(accountLabels.confirmPassword) }),
    refreshToken: z.string().max(500).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDoNotMatch });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const accountMessages = {
  title: 'Mi cuenta',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  passwordChanged: 'Contraseña actualizada. Se cerraron sus otras sesiones.',
  passwordError: 'No se pudo cambiar la contraseña',
  preferencesSaved: 'Preferencias guardadas',
  preferencesError: 'No se pudieron guardar las preferencias',
  loadError: 'No se pudieron cargar los datos de su cuenta',
} as const;
