// The roles and their labels without zod: what every screen shows (the schema is in roles.ts).
/** 'lawyer' (issue 33): the office's lawyer or collector, who works the incidencias of their branch. */
export const roles = ['admin', 'manager', 'approver', 'agent', 'lawyer'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  approver: 'Aprobador',
  agent: 'Agente',
  lawyer: 'Abogado',
};
