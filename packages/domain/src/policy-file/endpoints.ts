import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { policyFileSchema } from './policy-file';

/** The expediente's page beside the policy itself (decision 024). */
export const policyFileEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/policy/:id/file', params: idParamsSchema, response: policyFileSchema }),
};
