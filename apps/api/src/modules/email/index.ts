/**
 * The e-mail module's public face: the outbox (written inside other modules' transactions),
 * its delivery run and transport (started by the job queue), the templates, and the admin's routes.
 */
export { emailAdminRoutes } from './routes';
export { deliverDueEmails, outboxBacklog, queueEmails, retryDelayMs, takeQueuedEmailsFlag, type DeliveryOptions, type DeliveryReport, type NewEmail, type UndeliveredEmail } from './service';
export { replyAddress } from './addresses';
export { createMailTransport, type MailTransport } from './transport';
export { deleteFinishedEmails } from './repository';
export { appointmentInvitationEmail, appointmentReminderEmail, notificationEmail, publicLinkEmail, signingCodeEmail } from './templates';
