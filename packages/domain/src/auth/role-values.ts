// The roles and their labels without zod: what every screen shows (the schema is in roles.ts).
export const roles = ['admin', 'manager', 'approver', 'agent'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  approver: 'Aprobador',
  agent: 'Agente',
};

/** Roles that may approve or reject an investigation and answer on its documents. */
export const reviewerRoles: readonly Role[] = ['admin', 'manager', 'approver'];

export function isAdmin(role: Role | undefined | null): boolean {
  return role === 'admin';
}

/** Roles that write addendums (create, edit, cancel, attach the file); approvers only read them. */
export const addendumEditorRoles: readonly Role[] = ['admin', 'manager', 'agent'];
