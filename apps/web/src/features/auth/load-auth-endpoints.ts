/**
 * The auth endpoints' contracts, loaded on first use. Their schemas are zod (≈ 25 KB gzip):
 * imported statically they would join /login's first load, which issue 30 keeps ≤ 130 KB. No call
 * waits for it in practice — the sign-in form loads zod for its validation on submit anyway, and a
 * signed-in page has it already. (This loader must stay in a module apart from the contracts.)
 */
export function loadAuthEndpoints() {
  return import('./auth-endpoints').then((contracts) => contracts.authEndpoints);
}
