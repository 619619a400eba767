import { loginRequestSchema, type LoginRequest } from '@portal/domain';

export type LoginField = keyof LoginRequest;
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The domain's sign-in rule (loginRequestSchema, its Spanish messages) applied to the form's
 * values: the parsed values, or the first message of each field, as the zod resolver gave them.
 * Loaded on demand by the login form, so zod is not part of /login's first load (issue 13).
 */
export function validateLogin(values: Record<LoginField, string>): { values: LoginRequest; errors: null } | { values: null; errors: LoginErrors } {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: null };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { values: null, errors };
}
