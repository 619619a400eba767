import type { FastifyRequest } from 'fastify';

/**
 * Where the people outside reach the portal, for the links, invitations and web forms a staff
 * request makes: PUBLIC_URL, else the address staff used.
 */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
