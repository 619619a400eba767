/**
 * Leads that arrive by themselves (issue 20): the business's web forms, the WhatsApp gateway's
 * webhook, and the managers' settings of both.
 */
export { leadCapturePublicRoutes, leadCaptureSettingsRoutes, whatsappWebhookRoutes } from './routes';
