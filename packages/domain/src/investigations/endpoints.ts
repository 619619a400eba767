import { endpoint } from '../common/endpoint';
import { messageResultSchema } from '../common/endpoint-answers';
import { investigationDecisionBodySchema } from './investigation-decision';
import {
  documentDownloadQuerySchema,
  documentIdParamsSchema,
  documentResponseInputSchema,
  investigationDecisionSchema,
  investigationDocumentListSchema,
  investigationDocumentSchema,
  investigationIdParamsSchema,
  uploadParamsSchema,
} from './investigation-api';

/** A policy's investigation on the spec's paths: its documents, the reviewer's answers and the decision (decision 024). */
export const investigationEndpoints = {
  documents: endpoint({ method: 'GET', path: '/api/files/documentswithresponses/:investigationId', params: investigationIdParamsSchema, response: investigationDocumentListSchema }),
  /** A document into its slot (multipart, field «file»). */
  uploadDocument: endpoint({ method: 'POST', path: '/api/files/upload/:investigationId/:documentType', params: uploadParamsSchema, response: investigationDocumentSchema, status: 201 }),
  /** An identification, naming its type (ine, pasaporte, ineSeparada). */
  uploadIdentification: endpoint({
    method: 'POST',
    path: '/api/files/upload/:investigationId/:documentType/:identificationType',
    params: uploadParamsSchema,
    response: investigationDocumentSchema,
    status: 201,
  }),
  /** The document's file. */
  download: endpoint({ method: 'GET', path: '/api/files/:documentId/download', params: documentIdParamsSchema, query: documentDownloadQuerySchema }),
  respond: endpoint({ method: 'PUT', path: '/api/files/:documentId/response', params: documentIdParamsSchema, body: documentResponseInputSchema, response: investigationDocumentSchema }),
  deleteDocument: endpoint({ method: 'DELETE', path: '/api/policy/delete/:documentId', params: documentIdParamsSchema, response: messageResultSchema }),
  approve: endpoint({ method: 'POST', path: '/api/policy/approve/:investigationId', params: investigationIdParamsSchema, body: investigationDecisionBodySchema, response: investigationDecisionSchema }),
  reject: endpoint({ method: 'POST', path: '/api/policy/reject/:investigationId', params: investigationIdParamsSchema, body: investigationDecisionBodySchema, response: investigationDecisionSchema }),
};
