import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import { accessLogPageSchema, accessLogQuerySchema } from './access-log';
import { arcoCancelRequestSchema, arcoCancelResultSchema, arcoExportRequestSchema, arcoSearchQuerySchema, arcoSearchResultSchema } from './arco';
import { retentionPreviewSchema } from './retention';

/** /admin/retention: the dry run of the next daily run (decision 024). */
export const retentionEndpoints = {
  preview: endpoint({ method: 'GET', path: '/api/admin/retention/preview', response: retentionPreviewSchema }),
};

/** ARCO requests: a person's records, their export and their cancellation (decision 024). */
export const arcoEndpoints = {
  search: endpoint({ method: 'GET', path: '/api/admin/arco/search', query: arcoSearchQuerySchema, response: arcoSearchResultSchema }),
  /** The file (JSON or PDF) of the records chosen. */
  export: endpoint({ method: 'POST', path: '/api/admin/arco/export', body: arcoExportRequestSchema }),
  cancel: endpoint({ method: 'POST', path: '/api/admin/arco/cancel', body: arcoCancelRequestSchema, response: arcoCancelResultSchema }),
};

/** Who saw a policy's people's documents (decision 024). */
export const accessLogEndpoints = {
  policyLog: endpoint({ method: 'GET', path: '/api/policy/:id/access-log', params: idParamsSchema, query: accessLogQuerySchema, response: accessLogPageSchema }),
};
