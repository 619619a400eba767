import { describe, expect, it } from 'vitest';
import {
  createUserRequestSchema,
  userCreateFormSchema,
  userEditFormSchema,
  userMatchesSearch,
  userUpdateBodySchema,
} from '../index';

const valid = {
  email: 'Ana.Perez@Empresa.MX',
  firstName: ' Ana ',
  lastName: 'Pérez',
  role: 'agent',
  branchId: '2',
  phone: '5511111111',
  mobile: '5522222222',
  password: 'Segura-123',
};

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('createUserRequestSchema', () => {
  it('normalises the e-mail, trims names, coerces the branch and defaults status to active', () => {
    expect(createUserRequestSchema.parse(valid)).toMatchObject({ email: 'ana.perez@empresa.mx', firstName: 'Ana', branchId: 2, status: 'active' });
  });

  it('names each missing or invalid field in Spanish', () => {
    const result = createUserRequestSchema.safeParse({ email: '', role: 'jefe', branchId: '', password: '1234567' });
    expect(messagesOf(result)).toMatchObject({
      email: 'El campo Correo electrónico es obligatorio',
      firstName: 'El campo Nombre es obligatorio',
      lastName: 'El campo Apellido es obligatorio',
      role: 'El rol no es válido',
      branchId: 'El campo Sucursal es obligatorio',
      phone: 'El campo Teléfono es obligatorio',
      mobile: 'El campo Celular es obligatorio',
      password: 'La contraseña debe tener al menos 8 caracteres',
    });
  });
});

describe('user forms', () => {
  it('create: mismatched confirmation gives "Las contraseñas no coinciden"', () => {
    const result = userCreateFormSchema.safeParse({ ...valid, status: 'active', confirmPassword: 'Otra-123' });
    expect(messagesOf(result)).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
    expect(userCreateFormSchema.safeParse({ ...valid, status: 'active', confirmPassword: valid.password }).success).toBe(true);
  });

  it('edit: a blank password keeps the current one, a short one is refused, a reset must match', () => {
    const base = { ...valid, status: 'inactive' };
    expect(userEditFormSchema.safeParse({ ...base, password: '', confirmPassword: '' }).success).toBe(true);
    expect(messagesOf(userEditFormSchema.safeParse({ ...base, password: 'corta', confirmPassword: 'corta' })).password).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
    expect(messagesOf(userEditFormSchema.safeParse({ ...base, password: 'Nueva-1234', confirmPassword: 'Nueva-9999' })).confirmPassword).toBe(
      'Las contraseñas no coinciden',
    );
  });
});

describe('userUpdateBodySchema', () => {
  it('takes only a status, or the whole record', () => {
    expect(userUpdateBodySchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
    expect(userUpdateBodySchema.parse({ ...valid, status: 'active' })).toMatchObject({ firstName: 'Ana', status: 'active' });
    expect(userUpdateBodySchema.safeParse({ status: 'borrado' }).success).toBe(false);
    expect(userUpdateBodySchema.safeParse({ status: 'active', firstName: 'Solo' }).success).toBe(false);
  });
});

describe('userMatchesSearch', () => {
  const user = { email: 'jose.lopez@empresa.mx', firstName: 'José', lastName: 'López', role: 'manager' as const };
  it('matches e-mail, names and role, ignoring case and accents', () => {
    for (const query of ['JOSE', 'lópez', 'empresa.mx', 'manager', 'gerente', '  ']) expect(userMatchesSearch(user, query), query).toBe(true);
    expect(userMatchesSearch(user, 'maría')).toBe(false);
  });
});
