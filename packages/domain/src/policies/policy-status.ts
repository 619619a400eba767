import { z } from 'zod';
import { policyStatuses } from './policy-status-values';

export * from './policy-status-values';

export const policyStatusSchema = z.enum(policyStatuses, { error: 'El estatus de la póliza no es válido' });
