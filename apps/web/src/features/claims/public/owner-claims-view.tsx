/** The owner's page of a 'claim_owner' link (issue 33): report a problem, follow the cases. */
export function OwnerClaimsView({ token }: { token: string }) {
  return <p data-token-length={token.length}>Incidencias</p>;
}
