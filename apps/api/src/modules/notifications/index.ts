import { staffRoutes } from '../../plugins/auth';
import { notificationRoutes } from './routes';

/**
 * The notifications module's public face. For other modules: notify() inside their transactions,
 * the investigation and renewal notices, a user's e-mail choices ('Mi cuenta'). For the job queue:
 * the expiring-policy notices, the appointment reminders (and, for the appointments' public
 * routes, handed over by app.ts, the notice of a changed answer), job failures and the e-mail delivery
 * run (its transport comes from the e-mail module's createMailTransport(config)).
 */
// Its routes as app.ts registers them: every one wants a session.
export const notificationsModule = staffRoutes(notificationRoutes);
export { emailKindsOf, notify, saveEmailKinds } from './service';
export {
  deliverDueEmails,
  notifyInvestigationDecided,
  LINK_NOTICE_QUIET_MS,
  notifyJobFailed,
  notifyLinkDocumentsReceived,
  notifyPolicyExpiring,
  notifyRenewalCreated,
  notifySignatureCompleted,
  notifySignatureDeclined,
  notifySignatureExpired,
} from './notices';
export { sendAppointmentReminders } from './reminders';
export { deleteOldNotifications } from './repository';
export { notifyAppointmentAnswerChanged } from './appointment-answers';
export { notifyRentConfirmationUnanswered, notifyRentNotReceived, notifyRentProofReceived } from './rent-notices';
export { notifyClaimDeadline } from './claim-deadline-notices';
export { notifyClaimInstalmentMissed } from './claim-instalment-notices';
export { notifyClaimReported } from './claim-reported';
