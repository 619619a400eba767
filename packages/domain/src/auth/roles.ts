import { z } from 'zod';
import { roles } from './role-values';

export * from './role-values';
export * from './permissions';

export const roleSchema = z.enum(roles, { error: 'El rol no es válido' });
