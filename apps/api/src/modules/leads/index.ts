import { staffRoutes } from '../../plugins/auth';
import { leadRoutes } from './routes';

/** The leads module's public face: its routes, the follow-up job's run, and what the demo seed drives. */
// Its routes as app.ts registers them: every one wants a session.
export const leadsModule = staffRoutes(leadRoutes);
export { addNote, changeStatus, createLead, sendLeadFollowUps } from './service';
// Issue 20, lead capture (capture helper): leads from the public web form and the WhatsApp webhook.
export { createLeadFromOutside } from './service';
