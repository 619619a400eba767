import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import {
  contractDocumentParamsSchema,
  contractDocumentQuerySchema,
  contractKindParamsSchema,
  contractPackQuerySchema,
  contractTemplateQuerySchema,
  contractTemplateSchema,
  contractTemplateStateSchema,
  policyContractsSchema,
  previewContractTemplateSchema,
  saveContractTemplateSchema,
} from './contracts';

/** A policy's contract pack: its documents, its regeneration and its PDFs (decision 024). */
export const contractEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/policy/:id/contracts', params: idParamsSchema, response: policyContractsSchema }),
  regenerate: endpoint({ method: 'POST', path: '/api/policy/:id/contracts', params: idParamsSchema, response: policyContractsSchema, status: 201 }),
  /** A pack version as one PDF. */
  pack: endpoint({ method: 'GET', path: '/api/policy/:id/contracts/pack', params: idParamsSchema, query: contractPackQuerySchema }),
  /** One generated document's PDF. */
  document: endpoint({ method: 'GET', path: '/api/policy/:id/contracts/:documentId/file', params: contractDocumentParamsSchema, query: contractDocumentQuerySchema }),
};

/** The business's legal texts: admins only (decision 024). */
export const contractTemplateEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/admin/templates/:kind', params: contractKindParamsSchema, query: contractTemplateQuerySchema, response: contractTemplateStateSchema }),
  save: endpoint({ method: 'PUT', path: '/api/admin/templates/:kind', params: contractKindParamsSchema, body: saveContractTemplateSchema, response: contractTemplateSchema, status: 201 }),
  /** The text (saved or not) applied to one policy, as a PDF. */
  preview: endpoint({ method: 'POST', path: '/api/admin/templates/:kind/preview', params: contractKindParamsSchema, body: previewContractTemplateSchema }),
};
