import type { Role } from '@portal/domain';

/** Who is calling, as the database says now (not as the token said when it was issued). */
export interface AuthUser {
  id: number;
  email: string;
  role: Role;
  branchId: number | null;
  /** A temporary password was issued: only changing it, reading who they are and signing out are allowed (issue 19). */
  mustChangePassword?: boolean;
}
