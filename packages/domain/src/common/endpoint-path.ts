/*
 * Apart from common/endpoint.ts: the client needs only this at run time, and a page's first load
 * then carries no contract-definition code (rolldown gave the two a chunk of their own).
 */

/** The path with its parameters put in, each encoded: `/api/branches/:id` + { id: 3 } → `/api/branches/3`. */
export function endpointPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: falta el parámetro ${name}`);
    return encodeURIComponent(String(value));
  });
}
