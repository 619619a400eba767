/**
 * The appointments module's public face: its routes (the calendar feed's apart), what the demo
 * seed drives, a policy's appointments for its expediente, and the reminders' due appointments
 * and .ics (notifications module).
 */
export { appointmentFeedRoutes, appointmentInvitationRoutes, appointmentRoutes } from './routes';
export { claimAppointmentReminders, createAppointment, listPolicyAppointments } from './service';
export { appointmentsCalendar } from './ics';
