/**
 * The policies' lifecycle (issue 15): statuses that change with the calendar and the reminders
 * due, as one function the job queue calls once a day; and a policy's renewal and early
 * termination, as routes.
 */
export { runDailyLifecycle } from './service';
/** @public the daily job's result (issue 15's queue sends the reminders' notifications). */
export type { DailyLifecycleResult } from './service';
import { staffRoutes } from '../../plugins/auth';
import { policyLifecycleRoutes } from './routes';

export const policyLifecycleModule = staffRoutes(policyLifecycleRoutes);
