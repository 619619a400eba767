import { beforeAll, describe, expect, it } from 'vitest';
import { policySearchResultSchema, type PolicyFormValues, type PolicySearchResult } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { copyRow, insertBranch, insertUser, json, login } from '../../test/app';
import { adminToken, ctx, get, plusPolicy, santaFeAgent, setUpPolicyTests } from './policies.test-helpers';
import { newPolicy } from '../../test/policies';

setUpPolicyTests();

describe('GET /api/policy/dashboard/{branchId}', () => {
  it('counts the ten statuses of the branch', async () => {
    const branchId = await insertBranch(ctx);
    const manager = await insertUser(ctx, { role: 'manager', branchId });
    const token = (await login(ctx.app, manager.email, manager.password)).token;
    for (const status of ['created', 'created', 'active', 'expired'] as const) await newPolicy(ctx, { token, overrides: { status }, via: 'admin-jump' });
    const response = await get(`/api/policy/dashboard/${branchId}`, token);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      created: 2,
      investigation: 0,
      investigation_approved: 0,
      investigation_rejected: 0,
      contracts: 0,
      signature: 0,
      active: 1,
      cancelled: 0,
      expiring: 0,
      expired: 1,
    });
    expect(json(await get(`/api/policy/dashboard/${branchId}`, adminToken)).created).toBe(2);
    expect((await get('/api/policy/dashboard/1', token)).statusCode).toBe(403);
    expect((await get('/api/policy/dashboard/abc', token)).statusCode).toBe(400);
  });
});

describe('GET /api/policy/search', () => {
  let token: string;
  let branchId: number;
  const policyIds: Record<string, number> = {};
  const folios: Record<string, string> = {};

  beforeAll(async () => {
    branchId = await insertBranch(ctx);
    const approver = await insertUser(ctx, { role: 'approver', branchId });
    token = (await login(ctx.app, approver.email, approver.password)).token;
    const address = (street: string, exteriorNumber: string, colony: string, municipality: string) => ({
      street,
      exteriorNumber,
      interiorNumber: '',
      colony,
      municipality,
      state: 'Ciudad de México',
      zipCode: '03100',
    });
    const make = async (key: string, body: PolicyFormValues) => {
      const policy = await newPolicy(ctx, { token, overrides: body, via: 'admin-jump' });
      policyIds[key] = policy.id;
      folios[key] = policy.investigationId;
    };
    const base = examplePolicyInput();
    await make('jose', {
      ...plusPolicy(['José Ñúñez Álvarez'], ['Guadalupe Treviño']),
      policyNumber: 'POL-2026-0042',
      property: { ...base.property, owner: { name: 'Inmobiliaria Coyoacán' }, address: address('Avenida Álvaro Obregón', '77B', 'Roma Sur', 'Cuauhtémoc') },
    });
    await make('maria', {
      ...examplePolicyInput({ tenants: [exampleTenant('MARÍA Salas')], status: 'active' }),
      property: { ...base.property, owner: { name: 'Pedro Infante' }, address: address('Calle Tlalpan', '1200', 'Portales Norte', 'Benito Juárez') },
    });
    await make('plain', {
      ...examplePolicyInput({ tenants: [exampleTenant('Roberto 100% Gómez_Ruiz')], status: 'active' }),
      property: { ...base.property, owner: { name: 'Laura León' }, address: address('Río Mixcoac', '5', 'Acacias', 'Benito Juárez') },
    });
  });

  const search = async (query: Record<string, string | number>, as = token) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const response = await get(`/api/policy/search?${params}`, as);
    expect(response.statusCode, response.body).toBe(200);
    // Written without the zod pass (service.searchPoliciesJson): the body must still be exactly the schema's.
    const body = json<PolicySearchResult>(response);
    expect(policySearchResultSchema.strict().parse(body)).toEqual(body);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(Object.keys(policySearchResultSchema.shape.items.element.shape).sort());
    return body;
  };
  const idsFor = async (query: Record<string, string | number>) => (await search(query)).items.map((item) => item.id).sort();

  it('counts matches exactly up to 1,000, then says there are more (totalIsCapped) without counting them all', async () => {
    expect(await search({ q: 'salas' })).toMatchObject({ total: 1, totalIsCapped: false });
    const crowd = await insertBranch(ctx);
    const crowdAgent = await insertUser(ctx, { role: 'agent', branchId: crowd });
    const crowdToken = (await login(ctx.app, crowdAgent.email, crowdAgent.password)).token;
    const one = await newPolicy(ctx, { token: crowdToken, overrides: { tenants: [exampleTenant('Multitud Pérez')] }, via: 'admin-jump' });
    await copyRow(ctx, 'policies', one.id, 999, 'investigation_id');
    expect(await search({ q: 'multitud' }, crowdToken)).toMatchObject({ total: 1000, totalIsCapped: false });
    await copyRow(ctx, 'policies', one.id, 1, 'investigation_id');
    // copyRow writes in SQL, past the app: the page just cached is dropped when PostgreSQL's
    // NOTIFY arrives (search-pages.ts), a moment after the insert commits.
    await expect.poll(async () => (await search({ q: 'multitud' }, crowdToken)).totalIsCapped, { timeout: 5_000, interval: 20 }).toBe(true);
    const capped = await search({ q: 'multitud', limit: 25 }, crowdToken);
    expect(capped).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(capped.items).toHaveLength(25);
    expect(capped.nextCursor).not.toBeNull();
    // Without a text the total comes from the status counters: exact, whatever the size.
    expect(await search({}, crowdToken)).toMatchObject({ total: 1001, totalIsCapped: false });
  });

  it('returns the branch’s rows newest first, with the list’s summary and the total', async () => {
    const result = await search({});
    expect(result.total).toBe(3);
    expect(result.nextCursor).toBeNull();
    expect(result.items.map((item) => item.id)).toEqual([policyIds.plain, policyIds.maria, policyIds.jose]);
    expect(result.items[2]).toMatchObject({
      investigationId: folios.jose,
      policyNumber: 'POL-2026-0042',
      status: 'created',
      policyType: 'plus',
      branchId,
      tenantNames: ['José Ñúñez Álvarez'],
      guarantorNames: ['Guadalupe Treviño'],
      firstGuarantorId: expect.any(Number),
      ownerName: 'Inmobiliaria Coyoacán',
      propertyAddress: { street: 'Avenida Álvaro Obregón', exteriorNumber: '77B', colony: 'Roma Sur', municipality: 'Cuauhtémoc' },
      deliveryDate: '2026-12-01',
    });
    expect(result.items[0]!.firstGuarantorId).toBeNull();
  });

  it('matches a substring of each searched field, ignoring case and accents', async () => {
    const jose = [policyIds.jose];
    expect(await idsFor({ q: folios.jose!.slice(2).toLowerCase() })).toEqual(jose); // folio fragment, lower case
    // A text that starts like a folio is looked up as the start of one (its own index).
    expect(await idsFor({ q: folios.jose! })).toEqual(jose);
    expect(await idsFor({ q: folios.jose!.toLowerCase() })).toEqual(jose);
    const sameDay = Object.keys(policyIds).filter((key) => folios[key]!.startsWith(folios.jose!.slice(0, 12)));
    expect(await idsFor({ q: folios.jose!.slice(0, 12) })).toEqual(sameDay.map((key) => policyIds[key]!).sort());
    expect(await idsFor({ q: 'INV-%' })).toEqual([]);
    expect(await idsFor({ q: '2026-0042' })).toEqual(jose); // policy number
    expect(await idsFor({ q: 'jose nunez' })).toEqual(jose); // tenant, no accents
    expect(await idsFor({ q: 'ÑÚÑEZ' })).toEqual(jose); // tenant, upper case with accents
    expect(await idsFor({ q: 'trevino' })).toEqual(jose); // guarantor
    expect(await idsFor({ q: 'Coyoacan' })).toEqual(jose); // owner
    expect(await idsFor({ q: 'alvaro obregon' })).toEqual(jose); // street
    expect(await idsFor({ q: '77b' })).toEqual(jose); // exterior number
    expect(await idsFor({ q: 'roma sur' })).toEqual(jose); // colony
    expect(await idsFor({ q: 'cuauhtemoc' })).toEqual(jose); // municipality
    expect(await idsFor({ q: 'maria' })).toEqual([policyIds.maria]);
    expect(await idsFor({ q: 'benito juárez' })).toEqual([policyIds.maria, policyIds.plain].sort());
    expect(await idsFor({ q: '  ' })).toHaveLength(3);
    expect(await idsFor({ q: 'nadie se llama así' })).toEqual([]);
  });

  it('does not match across two fields or treat % and _ as wildcards', async () => {
    expect(await idsFor({ q: 'ruiz laura' })).toEqual([]);
    expect(await idsFor({ q: '100%' })).toEqual([policyIds.plain]);
    expect(await idsFor({ q: '%' })).toEqual([policyIds.plain]);
    expect(await idsFor({ q: 'gómez_ruiz' })).toEqual([policyIds.plain]);
    expect(await idsFor({ q: 'z_r' })).toEqual([policyIds.plain]);
  });

  it('combines the text with the status filter', async () => {
    expect(await idsFor({ status: 'active' })).toEqual([policyIds.maria, policyIds.plain].sort());
    expect(await idsFor({ q: 'benito', status: 'active' })).toEqual([policyIds.maria, policyIds.plain].sort());
    expect(await idsFor({ q: 'benito', status: 'created' })).toEqual([]);
    expect(await idsFor({ q: 'jose', status: 'created' })).toEqual([policyIds.jose]);
    expect((await search({ q: 'benito', status: 'active' })).total).toBe(2);
    expect(await idsFor({ status: '' })).toHaveLength(3);
  });

  it('never shows another branch’s policies', async () => {
    const outsider = await newPolicy(ctx, { token: santaFeAgent.token, overrides: { tenants: [exampleTenant('José Ñúñez Álvarez')] }, via: 'admin-jump' });
    expect(await idsFor({ q: 'jose nunez' })).toEqual([policyIds.jose]);
    const asSantaFe = await search({ q: 'jose nunez' }, santaFeAgent.token);
    expect(asSantaFe.items.map((item) => item.id)).toContain(outsider.id);
    expect(asSantaFe.items.every((item) => item.branchId === 2)).toBe(true);
    const asAdmin = await search({ q: 'jose nunez', branchId }, adminToken);
    expect(asAdmin.items.map((item) => item.id)).toEqual([policyIds.jose]);
  });

  it('answers 400 for a bad status, limit or cursor', async () => {
    for (const query of ['status=archivada', 'limit=0', 'limit=101', 'limit=abc', 'cursor=bm9wZQ']) {
      const response = await get(`/api/policy/search?${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).details.length, query).toBeGreaterThan(0);
    }
    expect(json(await get('/api/policy/search?cursor=bm9wZQ', token)).details).toEqual([
      { field: 'cursor', message: 'El cursor de paginación no es válido' },
    ]);
  });

  it('pages with the cursor without repeating or skipping rows while policies are added', async () => {
    const pagingBranch = await insertBranch(ctx);
    const agent = await insertUser(ctx, { role: 'agent', branchId: pagingBranch });
    const agentToken = (await login(ctx.app, agent.email, agent.password)).token;
    const original: number[] = [];
    for (let index = 0; index < 7; index++) original.push((await newPolicy(ctx, { token: agentToken, via: 'admin-jump' })).id);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: PolicySearchResult = await search(cursor ? { limit: 3, cursor } : { limit: 3 }, agentToken);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
      // Someone creates a policy between two page loads.
      await newPolicy(ctx, { token: agentToken, via: 'admin-jump' });
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(seen).toEqual([...original].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });
});
