/** The leads module's public face: its routes, the follow-up job's run, and what the demo seed drives. */
export { leadRoutes } from './routes';
export { addNote, changeStatus, createLead, sendLeadFollowUps } from './service';
// Issue 20, lead capture (capture helper): leads from the public web form and the WhatsApp webhook.
export { createLeadFromOutside } from './service';
