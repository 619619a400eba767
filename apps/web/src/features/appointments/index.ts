// Only what other features need: how the expediente (issue 14) shows a policy's appointments.
export { longDate } from './calendar/calendar-dates';
export { displayTitle, formatSchedule, typeLabel } from './components/appointment-format';
export { AppointmentStatusBadge } from './components/appointment-status';
export { AppointmentInvitationPage } from './invitation/invitation-page';
