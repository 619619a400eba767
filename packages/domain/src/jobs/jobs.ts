import { z } from 'zod';
import { endpoint } from '../common/endpoint';

/** The jobs the queue runs (pg-boss queue names), in the order the admin page lists them. */
export const jobNames = ['policy-lifecycle', 'appointment-reminders', 'email-delivery', 'retention', 'files-sweep', 'lead-follow-ups', 'whatsapp-delivery', 'rent-arrears', 'rent-reminders', 'claim-instalments', 'claim-deadlines', 'signing-rounds'] as const;
export type JobName = (typeof jobNames)[number];

/** What each job is, and when it runs by itself, as the admin page says it. */
export const jobLabels: Record<JobName, { label: string; schedule: string }> = {
  'policy-lifecycle': { label: 'Vigencias y avisos de vencimiento', schedule: 'Diario a las 00:05 (hora de la Ciudad de México) y al iniciar' },
  'appointment-reminders': { label: 'Recordatorios de citas', schedule: 'Cada 10 minutos' },
  'email-delivery': { label: 'Envío de correos', schedule: 'Cada minuto' },
  retention: { label: 'Retención de documentos', schedule: 'Diario a las 02:30 (hora de la Ciudad de México)' },
  'files-sweep': { label: 'Limpieza de archivos sin uso', schedule: 'Diario a las 03:30 (hora de la Ciudad de México)' },
  'lead-follow-ups': { label: 'Seguimiento de leads', schedule: 'Diario a las 08:00 (hora de la Ciudad de México)' },
  'whatsapp-delivery': { label: 'Envío de WhatsApp', schedule: 'Cada minuto' },
  'rent-arrears': { label: 'Rentas en mora', schedule: 'Diario a las 00:15 (hora de la Ciudad de México) y al iniciar' },
  'rent-reminders': { label: 'Recordatorios de renta a inquilinos', schedule: 'Diario a las 09:00 (hora de la Ciudad de México) y al iniciar' },
  'claim-instalments': { label: 'Parcialidades de convenios de pago vencidas', schedule: 'Diario a las 00:25 (hora de la Ciudad de México) y al iniciar' },
  'claim-deadlines': { label: 'Términos de incidencias: recordatorios y vencidos', schedule: 'Diario a las 07:30 (hora de la Ciudad de México) y al iniciar' },
  'signing-rounds': { label: 'Firma electrónica: recordatorios a firmantes y firmas vencidas', schedule: 'Diario a las 09:30 (hora de la Ciudad de México) y al iniciar' },
};

export const jobRunStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobRunState = (typeof jobRunStates)[number];

export const jobRunStateLabels: Record<JobRunState, string> = {
  created: 'En cola',
  retry: 'Por reintentar',
  active: 'En curso',
  completed: 'Completada',
  cancelled: 'Cancelada',
  failed: 'Fallida',
};

export const jobRunSchema = z.object({
  id: z.string(),
  name: z.enum(jobNames),
  state: z.enum(jobRunStates),
  /** Attempts made so far (1 for a first run). */
  attempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The run's summary when it completed, its error when it failed; '' otherwise. */
  message: z.string(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobSummarySchema = z.object({
  name: z.enum(jobNames),
  label: z.string(),
  schedule: z.string(),
  lastCompleted: jobRunSchema.nullable(),
  lastFailed: jobRunSchema.nullable(),
  /** Runs queued, active or waiting for a retry. */
  pending: z.number().int(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobsOverviewSchema = z.object({
  /** Whether the instance that answered works jobs (JOBS=on); others on the same database may. */
  workerHere: z.boolean(),
  jobs: z.array(jobSummarySchema),
  /** The latest runs of each job (a few per job), newest first. */
  recentRuns: z.array(jobRunSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobNameParamsSchema = z.object({ name: z.enum(jobNames, 'Tarea desconocida') });

export const jobMessages = {
  notHere: 'Este servidor no ejecuta tareas programadas (JOBS=off); pídalo en uno que sí las ejecute.',
  queued: 'Tarea en cola: se ejecutará en unos segundos.',
  /** 'Envío de correos' without SMTP_URL: it is not scheduled, so it writes no run every minute (issue 29). */
  emailDeliveryWithoutSmtp: 'No se ejecuta: falta SMTP_URL. Los correos esperan en «Correos salientes» hasta que se configure.',
} as const;

export const jobRunQueuedSchema = z.object({ id: z.string(), message: z.string() });

/** The /admin/jobs endpoints (decision 024). */
export const jobEndpoints = {
  overview: endpoint({ method: 'GET', path: '/api/admin/jobs', response: jobsOverviewSchema }),
  runNow: endpoint({ method: 'POST', path: '/api/admin/jobs/:name/run', params: jobNameParamsSchema, response: jobRunQueuedSchema, status: 202 }),
};
