import { endpoint } from '../common/endpoint';
import { messageResultSchema } from '../common/endpoint-answers';
import { idParamsSchema } from '../common/fields';
import {
  leadBoardQuerySchema,
  leadColumnListSchema,
  leadColumnsInputSchema,
  leadConvertInputSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadListSchema,
  leadNoteInputSchema,
  leadNoteParamsSchema,
  leadOfPolicySchema,
  leadOwnerListSchema,
  leadPolicyParamsSchema,
  leadSchema,
  leadStatusParamsSchema,
  savedLeadColumnsSchema,
} from './lead';

/**
 * The leads board on the spec's paths (decision 024). Every call but of-policy takes `?branchId=`:
 * an admin's chosen board (the server ignores it for everyone else).
 */
export const leadEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/leads', query: leadListQuerySchema, response: leadListSchema }),
  columns: endpoint({ method: 'GET', path: '/api/leads/columns', query: leadBoardQuerySchema, response: leadColumnListSchema }),
  saveColumns: endpoint({ method: 'PUT', path: '/api/leads/columns', query: leadBoardQuerySchema, body: leadColumnsInputSchema, response: savedLeadColumnsSchema }),
  owners: endpoint({ method: 'GET', path: '/api/leads/owners', query: leadBoardQuerySchema, response: leadOwnerListSchema }),
  ofPolicy: endpoint({ method: 'GET', path: '/api/leads/of-policy/:policyId', params: leadPolicyParamsSchema, response: leadOfPolicySchema }),
  get: endpoint({ method: 'GET', path: '/api/leads/:id', params: idParamsSchema, query: leadBoardQuerySchema, response: leadSchema }),
  create: endpoint({ method: 'POST', path: '/api/leads', query: leadBoardQuerySchema, body: leadInputSchema, response: leadSchema, status: 201 }),
  update: endpoint({ method: 'POST', path: '/api/leads/update/:id', params: idParamsSchema, query: leadBoardQuerySchema, body: leadInputSchema, response: leadSchema }),
  /** The spec's misspelt path of `update`, kept for its clients. */
  uodate: endpoint({ method: 'POST', path: '/api/leads/uodate/:id', params: idParamsSchema, query: leadBoardQuerySchema, body: leadInputSchema, response: leadSchema }),
  /** To another column, with an empty body (spec). */
  move: endpoint({ method: 'POST', path: '/api/leads/:id/status/:status', params: leadStatusParamsSchema, query: leadBoardQuerySchema, response: leadSchema }),
  convert: endpoint({ method: 'POST', path: '/api/leads/:id/convert', params: idParamsSchema, query: leadBoardQuerySchema, body: leadConvertInputSchema, response: leadSchema }),
  addNote: endpoint({ method: 'POST', path: '/api/leads/:id/notes', params: idParamsSchema, query: leadBoardQuerySchema, body: leadNoteInputSchema, response: leadSchema }),
  editNote: endpoint({ method: 'PUT', path: '/api/leads/:id/notes/:noteId', params: leadNoteParamsSchema, query: leadBoardQuerySchema, body: leadNoteInputSchema, response: leadSchema }),
  deleteNote: endpoint({ method: 'DELETE', path: '/api/leads/:id/notes/:noteId', params: leadNoteParamsSchema, query: leadBoardQuerySchema, response: leadSchema }),
  /** The spec's delete: a GET. */
  remove: endpoint({ method: 'GET', path: '/api/leads/del/:id', params: idParamsSchema, query: leadBoardQuerySchema, response: messageResultSchema }),
};
