import { z } from 'zod';
import { roles } from './role-values';

export * from './role-values';

export const roleSchema = z.enum(roles, { error: 'El rol no es válido' });
