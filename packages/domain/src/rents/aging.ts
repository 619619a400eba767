import { z } from 'zod';
import { maxId } from '../common/fields';
import { moneySchema } from './money';

/** The aging report's buckets (issue 32): policies by the days late of their oldest month owed. */
export const agingBuckets = ['1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

export const agingBucketLabels: Record<AgingBucket, string> = {
  '1-30': '1–30 días',
  '31-60': '31–60 días',
  '61-90': '61–90 días',
  '90+': 'Más de 90 días',
};

/** The days late each bucket covers, both ends included (`max` null: no end). */
export const agingBucketDays: Record<AgingBucket, { min: number; max: number | null }> = {
  '1-30': { min: 1, max: 30 },
  '31-60': { min: 31, max: 60 },
  '61-90': { min: 61, max: 90 },
  '90+': { min: 91, max: null },
};

export function agingBucketOf(daysLate: number): AgingBucket {
  return agingBuckets.find((bucket) => daysLate <= (agingBucketDays[bucket].max ?? Infinity)) ?? '90+';
}

export const arrearsPageSize = 50;

/**
 * The contacts about a policy's rent the portal records: the owner asked to confirm a month, the
 * owner's answer, a tenant's proof of payment, and a collection contact logged on one of the
 * policy's incidencias (issue 33).
 */
export const rentContactKinds = ['owner_asked', 'owner_answered', 'tenant_proof', 'claim_contact'] as const;
export type RentContactKind = (typeof rentContactKinds)[number];

export const rentContactKindLabels: Record<RentContactKind, string> = {
  owner_asked: 'Se pidió confirmación al propietario',
  owner_answered: 'El propietario respondió',
  tenant_proof: 'El inquilino envió un comprobante',
  claim_contact: 'Gestión de cobranza de una incidencia',
};

export const arrearsQuerySchema = z.object({
  branchId: z.coerce.number({ error: 'La sucursal no existe' }).int().positive('La sucursal no existe').max(maxId, 'La sucursal no existe').optional(),
  bucket: z.enum(agingBuckets, { error: 'El campo Antigüedad debe ser 1-30, 31-60, 61-90 o 90+' }).optional(),
  page: z.coerce.number({ error: 'El campo page debe ser un número entero mayor que cero' }).int('El campo page debe ser un número entero mayor que cero').min(1, 'El campo page debe ser un número entero mayor que cero').max(100_000).default(1),
  format: z.enum(['csv', 'xlsx'], { error: 'El formato de exportación debe ser csv o xlsx' }).optional(),
});
export type ArrearsQuery = z.input<typeof arrearsQuerySchema>;

export const arrearsRowSchema = z.object({
  policyId: z.number(),
  /** The folio de póliza, or the investigation's while it has none. */
  folio: z.string(),
  tenantNames: z.string(),
  branchName: z.string(),
  agentName: z.string(),
  months: z.number(),
  amount: moneySchema,
  /** Moratorium interest of its months En mora, for today ('0.00' when the lease sets none): shown, not part of `amount`. */
  interest: moneySchema,
  oldestDueOn: z.string(),
  daysLate: z.number(),
  bucket: z.enum(agingBuckets),
  /** The latest contact about its rent (`at`: an instant), null when there was none. */
  lastContact: z.object({ at: z.string(), kind: z.enum(rentContactKinds) }).nullable(),
});
export type ArrearsRow = z.infer<typeof arrearsRowSchema>;

export const arrearsReportSchema = z.object({
  today: z.string(),
  buckets: z.array(z.object({ bucket: z.enum(agingBuckets), policies: z.number(), amount: moneySchema })),
  total: z.object({ policies: z.number(), amount: moneySchema }),
  items: z.array(arrearsRowSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Policies in the chosen bucket (all buckets when none is chosen). */
  totalItems: z.number(),
});
export type ArrearsReport = z.infer<typeof arrearsReportSchema>;
