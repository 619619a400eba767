import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../plugins/auth';
import { publicRoutes } from '../../plugins/public-routes';
import { appointmentFeedRoutes, appointmentInvitationRoutes, appointmentRoutes } from './routes';
import type { AnswerChangedNotice } from './service';

/**
 * The appointments module's public face: its routes (the calendar feed's apart), what the demo
 * seed drives, a policy's appointments for its expediente, and the reminders' due appointments
 * and .ics (notifications module).
 */
// Its routes as app.ts registers them, handed the notifications module's notice of a changed answer.
export const appointmentsModule: FastifyPluginAsyncZod<{ onAnswerChanged: AnswerChangedNotice }> = async (app, { onAnswerChanged }) => {
  await app.register(staffRoutes(appointmentRoutes));
  // The calendar feed wants no session: calendar apps cannot send one, its file's name is the credential.
  await app.register(appointmentFeedRoutes);
  await app.register(publicRoutes(appointmentInvitationRoutes), { onAnswerChanged });
};
export { claimAppointmentReminders, createAppointment, listPolicyAppointments } from './service';
export { appointmentsCalendar } from './ics';
