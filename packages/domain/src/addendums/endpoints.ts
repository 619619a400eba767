import { endpoint } from '../common/endpoint';
import { idParamsSchema } from '../common/fields';
import {
  addendumExportQuerySchema,
  addendumInputSchema,
  addendumListSchema,
  addendumSchema,
  addendumSearchQuerySchema,
  addendumSearchResultSchema,
  addendumUploadParamsSchema,
} from './addendum';

/** Addendums on the spec's paths: the list's search and export, one addendum, its writes and its file (decision 024). */
export const addendumEndpoints = {
  search: endpoint({ method: 'GET', path: '/api/addendum/search', query: addendumSearchQuerySchema, response: addendumSearchResultSchema }),
  /** The CSV or XLSX file of every addendum the list's search selects. */
  export: endpoint({ method: 'GET', path: '/api/addendum/export', query: addendumExportQuerySchema }),
  /** One addendum, as an array of one (the spec's client reads it so). */
  get: endpoint({ method: 'GET', path: '/api/addendum/item/:id', params: idParamsSchema, response: addendumListSchema }),
  create: endpoint({ method: 'POST', path: '/api/addendum', body: addendumInputSchema, response: addendumSchema, status: 201 }),
  update: endpoint({ method: 'POST', path: '/api/addendum/:id', params: idParamsSchema, body: addendumInputSchema, response: addendumSchema }),
  /** The addendum's one file (multipart, field «file»); it replaces the previous one. */
  uploadFile: endpoint({ method: 'POST', path: '/api/addendum/upload-file/:addendumId/:policyId', params: addendumUploadParamsSchema, response: addendumSchema, status: 201 }),
  downloadFile: endpoint({ method: 'GET', path: '/api/addendum/download-file/:id', params: idParamsSchema }),
};
