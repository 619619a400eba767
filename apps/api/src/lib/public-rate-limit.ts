/**
 * How often one address may call a public link endpoint (per route, per minute). A token has 256
 * bits, so guessing is hopeless anyway; the limit keeps a script from hammering the pages, the
 * uploads and the one-time codes. Counted in the database, one limit for every instance
 * (postgres-rate-limit-store.ts, decision 017). Here in lib/ so a module
 * that public-links itself depends on (appointments, through notifications) can use it too.
 */
export const publicRateLimit = { max: 60, timeWindow: 60_000 } as const;
