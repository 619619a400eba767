import { describe, expect, it } from 'vitest';
import { loginRequestSchema, roleLabels, roles } from '../index';

describe('loginRequestSchema', () => {
  it('requires e-mail and password', () => {
    const result = loginRequestSchema.safeParse({ email: '', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['El campo Correo electrónico es obligatorio', 'El campo Contraseña es obligatorio']);
  });

  it('accepts any non-empty password (old passwords still sign in) and lower-cases the e-mail', () => {
    expect(loginRequestSchema.parse({ email: 'ADMIN@Portal.local', password: 'x' })).toEqual({ email: 'admin@portal.local', password: 'x' });
  });
});

describe('roles', () => {
  it('has a Spanish label for every role', () => {
    expect(roles.map((role) => roleLabels[role])).toEqual(['Administrador', 'Gerente', 'Aprobador', 'Agente', 'Abogado']);
  });
});
