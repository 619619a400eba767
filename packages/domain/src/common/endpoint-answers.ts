import { z } from 'zod';

/*
 * The answers many endpoints share. They live apart from common/endpoint.ts so that the typed
 * client's runtime part (endpoint.ts: the path builder) never pulls zod into a page that loads
 * no schema — /login's first load (issue 30's ≤ 130 KB).
 */

/** The answer of a 204 (the route sends `null`, which Fastify sends as no body at all). */
export const noContentSchema = z.null();

/** An answer that only says what was done: `{ message: 'Cita eliminada' }`. */
export const messageResultSchema = z.object({ message: z.string() });
