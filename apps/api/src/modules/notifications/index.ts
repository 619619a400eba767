/**
 * The notifications module's public face. For other modules: notify() inside their transactions,
 * the investigation and renewal notices, a user's e-mail choices ('Mi cuenta'). For the job queue:
 * the expiring-policy notices, the appointment reminders, job failures and the e-mail delivery
 * run (with the transport of SMTP_URL).
 */
export { notificationRoutes } from './routes';
export { emailKindsOf, notify, saveEmailKinds, type NotifyInput } from './service';
export { deliverDueEmails, notifyInvestigationDecided, notifyJobFailed, notifyPolicyExpiring, notifyRenewalCreated, type ExpiringPolicy } from './notices';
export { sendAppointmentReminders, type ReminderOptions } from './reminders';
export { createMailTransport, type MailTransport } from '../email/index';
