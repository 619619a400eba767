import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { branchListSchema, branchSchema, branchUpdateBodySchema, createBranchRequestSchema } from './branch';

/** /branches: the admin's branch management (decision 024). */
export const branchEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/branches', response: branchListSchema }),
  get: endpoint({ method: 'GET', path: '/api/branches/:id', params: idParamsSchema, response: branchSchema }),
  create: endpoint({ method: 'POST', path: '/api/branches', body: createBranchRequestSchema, response: branchSchema, status: 201 }),
  /** The whole record (If-Match: its version), or only `{ status }` (the list's Activar/Desactivar). */
  update: endpoint({ method: 'POST', path: '/api/branches/:id', params: idParamsSchema, body: branchUpdateBodySchema, response: branchSchema }),
};
