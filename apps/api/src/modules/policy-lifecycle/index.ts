/**
 * The policies' daily lifecycle (issue 15): statuses that change with the calendar and the
 * reminders due, as one function the job queue calls once a day.
 */
export { runDailyLifecycle, type DailyLifecycleResult } from './service';
