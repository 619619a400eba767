import { z } from 'zod';

/** Status of users and branches: inactive is the soft deletion of both. */
export const recordStatuses = ['active', 'inactive'] as const;
export type RecordStatus = (typeof recordStatuses)[number];

export const recordStatusLabels: Record<RecordStatus, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
};

export const recordStatusSchema = z.enum(recordStatuses, {
  error: 'El estatus debe ser activo o inactivo',
});
