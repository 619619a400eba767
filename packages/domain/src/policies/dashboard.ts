import { z } from 'zod';
import { policyStatuses, type PolicyStatus } from './policy-status';

/** GET /api/policy/dashboard/{branchId}: how many policies of the branch are in each status. */
export const dashboardStatsSchema = z.object(
  Object.fromEntries(policyStatuses.map((status) => [status, z.number()])) as Record<PolicyStatus, z.ZodNumber>,
);
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const emptyDashboardStats = Object.fromEntries(policyStatuses.map((status) => [status, 0])) as DashboardStats;
