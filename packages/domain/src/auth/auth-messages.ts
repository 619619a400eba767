// No zod here: the web's first screen needs these texts, not the schemas (issue 13).
export const authMessages = {
  invalidCredentials: 'Credenciales inválidas',
  tooManyAttempts: 'Demasiados intentos de inicio de sesión. Intente nuevamente en unos minutos.',
  accountDeactivated: 'Su cuenta está desactivada. Comuníquese con un administrador.',
  passwordChangeRequired: 'Debe cambiar su contraseña temporal antes de continuar.',
  sessionExpired: 'La sesión ha expirado. Inicie sesión nuevamente.',
  unauthenticated: 'Se requiere iniciar sesión',
  forbidden: 'No tiene permiso para realizar esta acción',
  loggedOut: 'Sesión cerrada correctamente',
} as const;

/**
 * Spec section 5: a file call made without a stored token (the spec's words, in English). Its own
 * constant, beside the sign-in texts the first screen loads anyway, so the web's API client can
 * carry it without the investigation screens' texts.
 */
export const noTokenMessage = 'No authentication token available';
