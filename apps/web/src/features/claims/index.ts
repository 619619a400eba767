// Issue 33: incidencias.
/** The owner's page of a 'claim_owner' link (loaded by the link page after the aviso). */
export { OwnerClaimsView } from './public/owner-claims-view';
/** The expediente's 'Incidencias': the policy's cases, 'Abrir incidencia' and the owner's link. */
export { ClaimsSection } from './components/case/claims-section';
