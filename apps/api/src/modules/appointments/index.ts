/** The appointments module's public face: its routes (the calendar feed's apart), what the demo seed drives, and a policy's appointments for its expediente. */
export { appointmentFeedRoutes, appointmentRoutes } from './routes';
export { createAppointment, listPolicyAppointments } from './service';
