import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  branchIdParamsSchema,
  businessDate,
  dashboardStatsSchema,
  exportFileName,
  idParamsSchema,
  versionETag,
  policyEventListSchema,
  policyAgentListSchema,
  policyAgentsQuerySchema,
  policyExportQuerySchema,
  policyInputSchema,
  policySchema,
  policySearchQuerySchema,
  policySearchResultSchema,
  policyUpdateBodySchema,
  policyEditorRoles,
} from '@portal/domain';
import { sendJsonArray } from '../../lib/json-array-stream';
import { sendJsonText } from '../../lib/json-text';
import { exportSubject, sendTableExport } from '../../lib/table-export';
import { policyExportColumns } from './export-columns';
import { currentUser } from '../../plugins/auth';
import { ifMatchOf, withETag } from '../../lib/conditional-write';
import { publicBaseUrl } from '../../lib/public-url';
import type { SearchPages } from './search-pages';
import { recordAccess } from '../access-log/index';
import { createPolicyAnswer } from './service/create';
import { getPolicyAnswer, listActivePolicies, listPolicies, policyHistory } from './service/read';
import { dashboardStats, exportPolicies, listAgents, searchPoliciesJson } from './service/search';
import { changePolicyStatus, updatePolicy } from './service/update';
import type { ContractPackHook, SigningHook, SigningStep } from './service/write-steps';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 412: apiErrorSchema };

export interface PolicyRoutesOptions {
  /** The search's recent pages (search-pages.ts), started by app.ts. */
  searchPages: SearchPages;
  /** Generates the contract pack when a write enters 'contracts' (issue 16; the contracts module's). */
  contractPack: ContractPackHook;
  /** Starts and ends electronic signing rounds on entering and leaving 'signature' (issue 17; the e-signature module's). */
  signing?: SigningHook;
}

/** Policies of every role, each scoped to the caller's branch (admins: all branches). */
export const policyRoutes: FastifyPluginAsyncZod<PolicyRoutesOptions> = async (app, { searchPages, contractPack, signing }) => {
  /** The signing hook with the address its links are made with. */
  const signingStep = (request: FastifyRequest): SigningStep | undefined => (signing ? { hook: signing, baseUrl: publicBaseUrl(request) } : undefined);
  const tags = ['policies'];
  const security = [{ bearerAuth: [] }];
  const list = { 200: z.array(policySchema), ...errors };

  // The spec's full lists: one JSON array, streamed batch by batch (memory stays flat at any size).
  app.get('/api/policy', { schema: { tags, security, summary: 'Pólizas de la sucursal del usuario', response: list } }, async (request, reply) =>
    sendJsonArray(reply, await listPolicies(app.db, currentUser(request))),
  );

  app.get(
    '/api/policy/:branchId',
    { schema: { tags, security, summary: 'Pólizas de una sucursal', params: branchIdParamsSchema, response: list } },
    async (request, reply) => sendJsonArray(reply, await listPolicies(app.db, currentUser(request), request.params.branchId)),
  );

  app.get('/api/policy/act', { schema: { tags, security, summary: 'Pólizas activas de la sucursal', response: list } }, async (request, reply) =>
    sendJsonArray(reply, await listActivePolicies(app.db, currentUser(request))),
  );

  app.get(
    '/api/policy/act/:branchId',
    { schema: { tags, security, summary: 'Pólizas activas de una sucursal', params: branchIdParamsSchema, response: list } },
    async (request, reply) => sendJsonArray(reply, await listActivePolicies(app.db, currentUser(request), request.params.branchId)),
  );

  app.get(
    '/api/policy/search',
    {
      schema: {
        tags,
        security,
        summary: 'Búsqueda paginada (folio, póliza, inquilinos, avales, propietario, dirección) con filtro de estatus',
        querystring: policySearchQuerySchema,
        response: { 200: policySearchResultSchema, ...errors },
      },
    },
    // The service answers with the JSON itself, often a recent identical page's (issue 13): built
    // field by field from typed rows, written without the zod pass; its tests parse every body with
    // the strict schema.
    async (request, reply) => sendJsonText(request, reply, await searchPoliciesJson(app.db, currentUser(request), request.query, searchPages)),
  );

  app.get(
    '/api/policy/export',
    {
      schema: {
        tags,
        security,
        summary: 'Exportar a CSV o XLSX todas las pólizas que cumplen los filtros de la búsqueda (en su orden)',
        querystring: policyExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
    },
    async (request, reply) => {
      await recordAccess(app.db, request, { action: 'export', policyId: null, subject: exportSubject('Pólizas', request.query) });
      return sendTableExport(reply, {
        format: request.query.format,
        fileName: exportFileName('polizas', request.query.format, businessDate()),
        sheetName: 'Pólizas',
        columns: policyExportColumns,
        batches: await exportPolicies(app.db, currentUser(request), request.query),
      });
    },
  );

  app.get(
    '/api/policy/agents',
    {
      schema: {
        tags,
        security,
        summary: 'Usuarios de la sucursal, para filtrar las pólizas por agente',
        querystring: policyAgentsQuerySchema,
        response: { 200: policyAgentListSchema, ...errors },
      },
    },
    (request) => listAgents(app.db, currentUser(request), request.query.branchId),
  );

  app.get(
    '/api/policy/unique/:id',
    { schema: { tags, security, summary: 'Una póliza completa', params: idParamsSchema, response: { 200: policySchema, ...errors } } },
    // The JSON is PostgreSQL's (service/read.ts's getPolicyAnswer), sent without the zod pass; the policies
    // tests compare it byte for byte with what the schema's serializer writes.
    async (request, reply) => {
      const { text, version } = await getPolicyAnswer(app.db, currentUser(request), request.params.id);
      void reply.header('etag', versionETag(version));
      return sendJsonText(request, reply, text);
    },
  );

  app.get(
    '/api/policy/:id/events',
    {
      schema: {
        tags,
        security,
        summary: 'Historial de la póliza, del más reciente al más antiguo',
        params: idParamsSchema,
        response: { 200: policyEventListSchema, ...errors },
      },
    },
    (request) => policyHistory(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/policy/dashboard',
    {
      schema: {
        tags,
        security,
        summary: 'Número de pólizas por estatus: de todas las sucursales (administradores) o de la propia',
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    (request) => dashboardStats(app.db, currentUser(request)),
  );

  app.get(
    '/api/policy/dashboard/:branchId',
    {
      schema: {
        tags,
        security,
        summary: 'Número de pólizas por estatus',
        params: branchIdParamsSchema,
        response: { 200: dashboardStatsSchema, ...errors },
      },
    },
    (request) => dashboardStats(app.db, currentUser(request), request.params.branchId),
  );

  // Writes of the policy's data: every role but the lawyer, who reads them (issue 33).
  const editors = app.requireRole(policyEditorRoles);

  app.post(
    '/api/policy',
    {
      onRequest: editors,
      schema: {
        tags,
        security,
        summary: 'Crear póliza',
        description:
          'En un estatus distinto de «Creada» es un salto de estatus: solo gerentes y administradores (403 para los demás). ' +
          'El folio de póliza lo asigna el servidor al generar los contratos; solo un administrador puede registrar el de una póliza anterior, ' +
          'y no puede repetirse (409).',
        body: policyInputSchema,
        response: { 201: policySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { text } = await createPolicyAnswer(app.db, currentUser(request), request.body, contractPack, signingStep(request));
      return sendJsonText(request, reply.status(201), text);
    },
  );

  app.post(
    '/api/policy/update/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        security,
        summary:
          'Actualizar póliza (formulario completo, con If-Match: "v{versión}" opcional; 412 si otra persona guardó antes) o cambiar su estatus ({ status, userId, branchId })',
        params: idParamsSchema,
        body: policyUpdateBodySchema,
        response: { 200: policySchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const actor = currentUser(request);
      // The row menu's status change needs no version: the transition itself is the check (409).
      const policy =
        'tenants' in body
          ? await updatePolicy(app.db, actor, request.params.id, body, contractPack, signingStep(request), ifMatchOf(request))
          : await changePolicyStatus(app.db, actor, request.params.id, body, contractPack, signingStep(request));
      return withETag(reply, policy);
    },
  );
};
