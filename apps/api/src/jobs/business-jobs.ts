import type { JobName } from '@portal/domain';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import type { SecretBox } from '../lib/secret-box';
import type { MailTransport } from '../modules/email/index';
import { runClaimDeadlines, runClaimInstalments } from '../modules/claims/index';
import { runSigningRounds } from '../modules/e-signature/index';
import { sweepUnreferencedFiles } from '../modules/files/index';
import { sendLeadFollowUps } from '../modules/leads/index';
import { deliverDueEmails, notifyPolicyExpiring, sendAppointmentReminders } from '../modules/notifications/index';
import { runDailyLifecycle } from '../modules/policy-lifecycle/index';
import { runRentArrears, runRentReminders } from '../modules/rents/index';
import { anonymiseClosedClaims, purgeOldMessages, runRetention } from '../modules/retention/index';
import { deliverDueWhatsappMessages, type GatewayHosts, type GatewayLog } from '../modules/whatsapp/index';
import type { JobDefinition } from './job-queue';

const DAY_MS = 24 * 60 * 60 * 1000;

interface BusinessJob extends JobDefinition {
  name: JobName;
}

/**
 * The business's scheduled work (issue 15), each a call into the module that owns it. Crons are
 * in Mexico City time; every job is safe to run twice (a retry, a catch-up at start, an admin's
 * 'Ejecutar ahora'), so "at least once" from the queue is "once" in effect.
 */
export interface JobDependencies {
  db: Db;
  files: FileStore;
  /** undefined without SMTP_URL: e-mails stay queued in the outbox, visible to admins. */
  mail: MailTransport | undefined;
  /** Opens the WhatsApp gateways' sealed API keys (SECRETS_KEY). */
  secretBox: SecretBox;
  /** The gateways WhatsApp messages may go to (WHATSAPP_GATEWAY_HOSTS), and where a failed attempt's detail is logged. */
  whatsapp: { hosts: GatewayHosts; log: GatewayLog };
  /** The portal's public address (PUBLIC_URL), for the links e-mailed by a job; undefined: no such e-mails. */
  publicUrl?: string | undefined;
}

export function businessJobs({ db, files, mail, secretBox, whatsapp, publicUrl }: JobDependencies): BusinessJob[] {
  return [
    {
      name: 'policy-lifecycle',
      cron: '5 0 * * *',
      catchUpAtStart: true,
      retryLimit: 5,
      retryDelaySeconds: 60,
      expireInMinutes: 60,
      async run(now) {
        const day = await runDailyLifecycle(db, now);
        // Deduped per policy and threshold: a second run the same day tells nobody twice.
        const notices = await notifyPolicyExpiring(db, day.reminders);
        return {
          summary: `${day.today}: ${day.expiring} por vencer, ${day.expired} vencidas, ${notices} avisos de vencimiento.`,
          today: day.today,
          expiring: day.expiring,
          expired: day.expired,
          notices,
        };
      },
    },
    {
      name: 'rent-arrears',
      // After the lifecycle's run (00:05): a policy that expired today still has its months followed.
      cron: '15 0 * * *',
      catchUpAtStart: true,
      retryLimit: 5,
      retryDelaySeconds: 60,
      expireInMinutes: 60,
      async run(now) {
        const day = await runRentArrears(db, now, { publicUrl });
        const asking = day.askingSkipped
          ? 'Sin PUBLIC_URL: no se pidió confirmación a los propietarios.'
          : `${day.ownersAsked} confirmaciones pedidas a propietarios, ${day.ownersAskedAgain} pedidas de nuevo, ${day.agentsTold} avisos a agentes.`;
        return {
          summary: `${day.today}: ${day.created} calendarios de renta creados, ${day.overdueMonths} meses en mora en ${day.overduePolicies} pólizas. ${asking}`,
          ...day,
        };
      },
    },
    {
      name: 'rent-reminders',
      // In the morning, when a tenant reads e-mail; a day missed is caught up the next (and at start).
      cron: '0 9 * * *',
      catchUpAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 30,
      async run(now) {
        const { today, reminded } = await runRentReminders(db, now);
        return { summary: `${today}: ${reminded === 1 ? '1 recordatorio de renta enviado' : `${reminded} recordatorios de renta enviados`} a inquilinos.`, today, reminded };
      },
    },
    {
      name: 'claim-instalments',
      // After the rents' run (00:15): an instalment due yesterday and not paid in full is late today.
      cron: '25 0 * * *',
      catchUpAtStart: true,
      retryLimit: 5,
      retryDelaySeconds: 60,
      expireInMinutes: 30,
      async run(now) {
        const day = await runClaimInstalments(db, now);
        const agreements = day.broken === 1 ? '1 convenio incumplido' : `${day.broken} convenios incumplidos`;
        return { summary: `${day.today}: ${agreements} por parcialidades vencidas sin pagar, ${day.notices} avisos.`, ...day };
      },
    },
    {
      name: 'claim-deadlines',
      // Early, before the office opens: a término due today is known when the day starts; a day missed is caught up.
      cron: '30 7 * * *',
      catchUpAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 30,
      async run(now) {
        const day = await runClaimDeadlines(db, now);
        return {
          summary: `${day.today}: ${day.reminders === 1 ? '1 recordatorio' : `${day.reminders} recordatorios`} de términos y ${day.missed === 1 ? '1 aviso' : `${day.missed} avisos`} de términos vencidos (${day.notified === 1 ? '1 notificación' : `${day.notified} notificaciones`}).`,
          ...day,
        };
      },
    },
    {
      // Issue 35: after the rent reminders (09:00), when a signer reads e-mail; a day missed is caught up the next (and at start).
      name: 'signing-rounds',
      cron: '30 9 * * *',
      catchUpAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 30,
      async run(now) {
        const day = await runSigningRounds(db, now, { publicUrl });
        const expired = day.expired === 1 ? '1 firma electrónica vencida' : `${day.expired} firmas electrónicas vencidas`;
        const reminded = day.reminded === 1 ? '1 recordatorio de firma enviado' : `${day.reminded} recordatorios de firma enviados`;
        const skipped = day.skipped > 0 ? ` ${day.skipped} sin enviar: falta PUBLIC_URL.` : '';
        return { summary: `${day.today}: ${expired}, ${reminded}.${skipped}`, ...day };
      },
    },
    {
      name: 'appointment-reminders',
      cron: '*/10 * * * *',
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInMinutes: 10,
      async run(now) {
        const reminded = await sendAppointmentReminders(db, now);
        return { summary: reminded === 1 ? '1 cita recordada.' : `${reminded} citas recordadas.` };
      },
    },
    {
      name: 'email-delivery',
      // Without SMTP_URL there is nothing it could do: not scheduled, so no run is written every
      // minute (the admin's page says why); 'Ejecutar ahora' still answers.
      cron: mail ? '* * * * *' : undefined,
      // The outbox keeps each e-mail's own attempts and backoff; a failed run is simply the next minute's.
      retryLimit: 0,
      retryDelaySeconds: 60,
      expireInMinutes: 10,
      async run(now) {
        if (!mail) return { summary: 'Sin SMTP_URL: los correos quedan en cola.' };
        const report = await deliverDueEmails(db, mail, now);
        return { summary: `${report.sent} enviados, ${report.retrying} por reintentar, ${report.failed} fallidos.`, ...report };
      },
    },
    {
      name: 'retention',
      cron: '30 2 * * *',
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 60,
      async run(now) {
        // The dry run first, then exactly its files (each re-checked as it is deleted), a batch at a time.
        const { planned, deleted } = await runRetention(db, files, now);
        // The portal's own old e-mails and notifications go in the same run (issue 29).
        const messages = await purgeOldMessages(db, now);
        // Closed cases past their years lose their personal data (issue 33).
        const claims = await anonymiseClosedClaims(db, files, now);
        const megabytes = (deleted.bytes / (1024 * 1024)).toFixed(1);
        return {
          summary:
            `${deleted.files === 1 ? '1 archivo eliminado' : `${deleted.files} archivos eliminados`} de ${deleted.policies === 1 ? '1 póliza' : `${deleted.policies} pólizas`} (${megabytes} MB); ` +
            `${messages.emails} correos y ${messages.notifications} notificaciones antiguos eliminados; ` +
            `${claims === 1 ? '1 incidencia cerrada anonimizada' : `${claims} incidencias cerradas anonimizadas`}.`,
          planned,
          deleted,
          messages,
          claims,
        };
      },
    },
    {
      name: 'files-sweep',
      cron: '30 3 * * *',
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 60,
      async run(now) {
        const result = await sweepUnreferencedFiles(db, files, { olderThanMs: DAY_MS, dryRun: false, now: now.getTime() });
        const megabytes = (result.bytes / (1024 * 1024)).toFixed(1);
        return { summary: `${result.scanned} archivos revisados, ${result.unreferenced.length} sin uso eliminados (${megabytes} MB).` };
      },
    },
    {
      // Issue 20 (leads pipeline): each lead's follow-up day tells its owner in the morning.
      name: 'lead-follow-ups',
      cron: '0 8 * * *',
      catchUpAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 30,
      async run(now) {
        const { today, notified } = await sendLeadFollowUps(db, now);
        return { summary: `${today}: ${notified === 1 ? '1 aviso' : `${notified} avisos`} de seguimiento de leads.`, today, notified };
      },
    },
    {
      name: 'whatsapp-delivery',
      cron: '* * * * *',
      // Each message keeps its own attempts and backoff (issue 20); a failed run is simply the next minute's.
      retryLimit: 0,
      retryDelaySeconds: 60,
      expireInMinutes: 10,
      async run(now) {
        const report = await deliverDueWhatsappMessages(db, secretBox, whatsapp.hosts, whatsapp.log, now);
        return { summary: `${report.sent} enviados, ${report.retrying} por reintentar, ${report.failed} fallidos.`, ...report };
      },
    },
  ];
}
