/**
 * Validation messages shared by the forms and the API. One wording per rule, so the
 * server's 400 says exactly what the form would have said.
 */
export const messages = {
  required: (field: string) => `El campo ${field} es obligatorio`,
  invalidEmail: 'Ingrese un correo electrónico válido',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  zipCode: 'El código postal debe tener exactamente 5 dígitos',
  tooLong: (field: string, max: number) => `El campo ${field} admite como máximo ${max} caracteres`,
  invalidOption: (field: string) => `El valor del campo ${field} no es válido`,
  branchNotFound: 'La sucursal no existe',
} as const;
