import type { FastifyInstance } from 'fastify';
import type { InvestigationDocument, Policy, PolicyFormValues } from '@portal/domain';
import { examplePolicyInput } from '@portal/domain/testing';
import { bearer, json, tokenFor, type TestContext } from './app';
import { multipartFile, sampleFiles } from './files';

// The one way tests build a policy: through the API, as its user would (the steps below on top).

export interface PolicySpec {
  /** The creator's access token: the policy is theirs and of their branch. */
  token: string;
  /** examplePolicyInput's overrides: the data the test is about (its status among them). */
  overrides?: Partial<PolicyFormValues>;
  /**
   * How the policy reaches overrides.status. 'create' (the default): posted as it is, a status its
   * creator may create it in. 'admin-jump': created in 'Creada' (all an agent may create: decision
   * 010), then moved to the status, and given the folio de póliza, by an admin's form save.
   */
  via?: 'create' | 'admin-jump';
  /** Another app instance on the same database. */
  app?: FastifyInstance;
}

/** A new policy as `spec` says. Throws on any refusal. */
export async function newPolicy(ctx: TestContext, spec: PolicySpec): Promise<Policy> {
  const body = examplePolicyInput(spec.overrides);
  const app = spec.app ?? ctx.app;
  if (spec.via !== 'admin-jump') return post(app, spec.token, body);
  const policy = await post(app, spec.token, { ...body, status: 'created', policyNumber: '' });
  if (body.status === 'created' && !body.policyNumber) return policy;
  const moved = await app.inject({
    method: 'POST',
    url: `/api/policy/update/${policy.id}`,
    headers: bearer(await fixtureAdminToken(ctx)),
    // The stored policy as the form sends it back (the schema drops what is not input), children with their ids.
    payload: { ...policy, status: body.status, policyNumber: body.policyNumber },
  });
  if (moved.statusCode !== 200) throw new Error(`policy status jump failed ${moved.statusCode}: ${moved.body}`);
  return json<Policy>(moved);
}

async function post(app: FastifyInstance, token: string, body: PolicyFormValues): Promise<Policy> {
  const created = await app.inject({ method: 'POST', url: '/api/policy', headers: bearer(token), payload: body });
  if (created.statusCode !== 201) throw new Error(`policy create failed ${created.statusCode}: ${created.body}`);
  return json<Policy>(created);
}

/** Each context's own admin for the jumps (the seeded one's sessions are some tests' subject). */
const fixtureAdmins = new WeakMap<TestContext, Promise<string>>();

function fixtureAdminToken(ctx: TestContext): Promise<string> {
  let token = fixtureAdmins.get(ctx);
  if (!token) {
    token = tokenFor(ctx, 'admin', 1);
    fixtureAdmins.set(ctx, token);
  }
  return token;
}

/** The overrides that give examplePolicyInput's rent other values (its contract start, say). */
export function rentOverrides(rent: Partial<PolicyFormValues['property']['rent']>): Partial<PolicyFormValues> {
  const base = examplePolicyInput().property;
  return { property: { ...base, rent: { ...base.rent, ...rent } } };
}

export interface UploadedFile {
  /** The investigation slot (utilities, tenantId…). */
  slot?: string;
  filename?: string;
  content?: Buffer;
}

/** A new policy (`spec`) with one investigation document uploaded by its creator: under investigation. */
export async function policyWithDocument(
  ctx: TestContext,
  spec: PolicySpec,
  file: UploadedFile = {},
): Promise<{ policy: Policy; document: InvestigationDocument }> {
  const policy = await newPolicy(ctx, spec);
  const { payload, headers } = multipartFile(file.content ?? sampleFiles.pdf(), file.filename);
  const url = `/api/files/upload/${encodeURIComponent(policy.investigationId)}/${file.slot ?? 'utilities'}`;
  const uploaded = await ctx.app.inject({ method: 'POST', url, headers: { ...bearer(spec.token), ...headers }, payload });
  if (uploaded.statusCode !== 201) throw new Error(`document upload failed ${uploaded.statusCode}: ${uploaded.body}`);
  return { policy, document: json<InvestigationDocument>(uploaded) };
}

/** A new policy ready for 'Generar Contratos': approved by an admin's jump (only a manager or an admin may create one approved). */
export function approvedPolicy(ctx: TestContext, spec: Omit<PolicySpec, 'via'>): Promise<Policy> {
  return newPolicy(ctx, { ...spec, overrides: { ...spec.overrides, status: 'investigation_approved' }, via: 'admin-jump' });
}

/** A new approved policy taken into 'contracts' by its creator's 'Generar Contratos' (its pack drawn). */
export async function policyInContracts(ctx: TestContext, spec: Omit<PolicySpec, 'via'>): Promise<Policy> {
  const policy = await approvedPolicy(ctx, spec);
  const generated = await ctx.app.inject({ method: 'POST', url: `/api/policy/update/${policy.id}`, headers: bearer(spec.token), payload: { status: 'contracts' } });
  if (generated.statusCode !== 200) throw new Error(`Generar Contratos failed ${generated.statusCode}: ${generated.body}`);
  return policy;
}
