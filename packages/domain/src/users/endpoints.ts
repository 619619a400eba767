import { endpoint } from '../common/endpoint';
import { noContentSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import { createUserRequestSchema, temporaryPasswordSchema, userListQuerySchema, userListSchema, userSchema, userUpdateBodySchema } from './user';

/** /users: the admin's user management (decision 024). */
export const userEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/users', query: userListQuerySchema, response: userListSchema }),
  get: endpoint({ method: 'GET', path: '/api/users/:id', params: idParamsSchema, response: userSchema }),
  create: endpoint({ method: 'POST', path: '/api/users', body: createUserRequestSchema, response: userSchema, status: 201 }),
  /** The whole record (If-Match: its version), or only `{ status }` (the list's Activar/Desactivar). */
  update: endpoint({ method: 'POST', path: '/api/users/:id', params: idParamsSchema, body: userUpdateBodySchema, response: userSchema }),
  resetMfa: endpoint({ method: 'POST', path: '/api/users/:id/mfa/reset', params: idParamsSchema, response: userSchema }),
  issueTemporaryPassword: endpoint({ method: 'POST', path: '/api/users/:id/temporary-password', params: idParamsSchema, response: temporaryPasswordSchema }),
  unlock: endpoint({ method: 'POST', path: '/api/users/:id/unlock', params: idParamsSchema, response: noContentSchema, status: 204 }),
};
