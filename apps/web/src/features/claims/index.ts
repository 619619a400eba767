// Issue 33: incidencias.
/** The owner's page of a 'claim_owner' link (loaded by the link page after the aviso). */
export { OwnerClaimsView } from './public/owner-claims-view';
/** The expediente's 'Incidencias': the policy's cases, 'Abrir incidencia' and the owner's link. */
export { ClaimsSection } from './components/case/claims-section';
/** The dashboard's cards: open cases, amount claimed, deadlines this week and missed. */
export { ClaimsCards } from './components/claims-cards';
/** The deadlines of the cases in the appointments' calendar, and its 'Mostrar términos de incidencias'. */
export { DeadlinesToggle, useCalendarDeadlines, type CalendarDeadlines } from './components/deadline-calendar-layer';
