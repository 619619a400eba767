import { z } from 'zod';
import { messages } from '../common/messages';
import { emailField, requiredPhoneField, requiredId, requiredText } from '../common/fields';
import { recordStatusSchema } from '../common/status';
import { optionalCurpField, optionalRfcField } from '../common/tax-ids';
import { roleSchema } from '../auth/roles';
import { matchesSearch } from '../common/search';
import { roleLabels, type Role } from '../auth/roles';

export const userLabels = {
  email: 'Correo electrónico',
  firstName: 'Nombre',
  lastName: 'Apellido',
  role: 'Rol',
  branchId: 'Sucursal',
  phone: 'Teléfono',
  mobile: 'Celular',
  status: 'Estatus',
  password: 'Contraseña',
  confirmPassword: 'Confirmar contraseña',
  legalRepresentative: 'Representante legal de la sucursal',
  rfc: 'RFC',
  curp: 'CURP',
} as const;

/** Issue 35: the branch's legal representative signs the lease and the póliza for the office; one per branch. */
export const userMessages = {
  legalRepresentativeTaken: (name: string) =>
    `La sucursal ya tiene representante legal: ${name}. Quite la marca en su usuario antes de marcar a otra persona.`,
} as const;

/**
 * Issue 35: whether the user signs for the office, and the RFC and CURP their e.firma names. Absent
 * from an update keeps what the user has (a client that does not know them changes nothing).
 */
const signerFields = {
  legalRepresentative: z.boolean({ error: `El campo ${userLabels.legalRepresentative} no es válido` }),
  rfc: optionalRfcField(userLabels.rfc),
  curp: optionalCurpField(userLabels.curp),
};

export const passwordField = z
  .string({ error: messages.required(userLabels.password) })
  .min(1, messages.required(userLabels.password))
  .min(8, messages.passwordTooShort)
  .max(200, messages.tooLong(userLabels.password, 200));

/** The fields every user record carries, create and full update alike. */
const userFields = {
  email: emailField(userLabels.email),
  firstName: requiredText(userLabels.firstName, 100),
  lastName: requiredText(userLabels.lastName, 100),
  role: roleSchema,
  branchId: requiredId(userLabels.branchId),
  phone: requiredPhoneField(userLabels.phone),
  mobile: requiredPhoneField(userLabels.mobile),
};

/** POST /api/users. Extra keys the spec's client sends (createdAt, updatedAt) are dropped. */
export const createUserRequestSchema = z.object({
  ...userFields,
  password: passwordField,
  status: recordStatusSchema.default('active'),
  legalRepresentative: signerFields.legalRepresentative.default(false),
  rfc: signerFields.rfc.default(''),
  curp: signerFields.curp.default(''),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** POST /api/users/{id} with the whole record; `password` present means an admin reset. */
export const updateUserRequestSchema = z.object({
  ...userFields,
  status: recordStatusSchema,
  password: passwordField.optional(),
  legalRepresentative: signerFields.legalRepresentative.optional(),
  rfc: signerFields.rfc.optional(),
  curp: signerFields.curp.optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** POST /api/users/{id} with only `{ status }`: the list's Activar/Desactivar toggle. */
export const userStatusChangeSchema = z.strictObject({ status: recordStatusSchema });

export const userUpdateBodySchema = z.union([userStatusChangeSchema, updateUserRequestSchema]);
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  phone: z.string(),
  mobile: z.string(),
  status: recordStatusSchema,
  branchId: z.number().nullable(),
  branchName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the user signs in with a second factor (an admin can reset it). */
  mfaEnabled: z.boolean(),
  /** Issue 35: the branch's legal representative (signs the lease and the póliza for the office), and their RFC and CURP ('' when none). */
  legalRepresentative: z.boolean(),
  rfc: z.string(),
  curp: z.string(),
  /** Raised when a field of the user form changes; sent back in If-Match by its save (decision 023). */
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/users: the list, optionally of one role or status. */
export const userListQuerySchema = z.object({ role: roleSchema.optional(), status: recordStatusSchema.optional() });
export const userListSchema = z.array(userSchema);

/** POST /api/users/{id}/temporary-password: shown once; the user must change it at their next sign-in. */
export const temporaryPasswordSchema = z.object({ temporaryPassword: z.string() });

/** Password and its confirmation must match; the confirmation is never sent. */
function passwordsMatch(form: { password?: string; confirmPassword?: string }, ctx: z.RefinementCtx) {
  if ((form.password ?? '') !== (form.confirmPassword ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDoNotMatch });
  }
}

/**
 * 'Nuevo Usuario': the create request plus the confirmation. The form always holds a status
 * (Activo by default), so its inputs fit the edit form's: one form type serves both modes.
 */
export const userCreateFormSchema = createUserRequestSchema
  .extend({ status: recordStatusSchema, confirmPassword: z.string() })
  .superRefine(passwordsMatch);

/** 'Editar Usuario': a blank password keeps the current one; a typed one is an admin reset. */
export const userEditFormSchema = updateUserRequestSchema
  .extend({
    password: z.union([z.literal(''), passwordField]),
    confirmPassword: z.string(),
  })
  .superRefine(passwordsMatch);

/** What the user form's inputs hold, create and edit alike (the inputs are always there). */
export type UserFormInput = z.input<typeof userEditFormSchema>;
/** What a valid form gives back: on edit, '' as password keeps the current one. */
export type UserFormOutput = z.output<typeof userEditFormSchema>;

/** The list's search: e-mail, first name, last name and role (code or Spanish label). */
export function userMatchesSearch(user: Pick<User, 'email' | 'firstName' | 'lastName' | 'role'>, query: string) {
  return matchesSearch(query, [user.email, user.firstName, user.lastName, user.role, roleLabels[user.role as Role]]);
}
