import { staffRoutes } from '../../plugins/auth';
import { emailAdminRoutes } from './routes';

/**
 * The e-mail module's public face: the outbox (written inside other modules' transactions),
 * its delivery run and transport (started by the job queue), the templates, and the admin's routes.
 */
// Its routes as app.ts registers them: every one wants a session.
export const emailModule = staffRoutes(emailAdminRoutes);
export { deliverDueEmails, outboxBacklog, queueEmails, retryDelayMs, takeQueuedEmailsFlag, type DeliveryOptions, type DeliveryReport, type NewEmail, type UndeliveredEmail } from './service';
export { replyAddress } from './addresses';
export { createMailTransport, type MailTransport } from './transport';
export { deleteFinishedEmails } from './repository';
export { appointmentInvitationEmail, appointmentReminderEmail, claimStageEmail, notificationEmail, publicLinkEmail, rentConfirmationEmail, rentReminderEmail, signingCodeEmail, signingLinkAgainEmail } from './templates';
