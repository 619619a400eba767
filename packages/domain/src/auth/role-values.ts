// The roles and their labels without zod: what every screen shows (the schema is in roles.ts).
export const roles = ['admin', 'manager', 'approver', 'agent'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  approver: 'Aprobador',
  agent: 'Agente',
};
