/** The appointments module's public face: its routes (the calendar feed's apart), and what the demo seed drives. */
export { appointmentFeedRoutes, appointmentRoutes } from './routes';
export { createAppointment } from './service';
