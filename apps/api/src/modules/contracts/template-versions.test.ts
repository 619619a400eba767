import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { nameUser, saveHeaders } from '../../test/conditional-writes';

/** Issue 28: two admins on one template; a save names the version it was opened at (decision 023). */
let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let manager: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'admin', 1);
  pedro = await signInAs(ctx, 'admin', 1);
  manager = await signInAs(ctx, 'manager', 1);
  await nameUser(ctx, maria.id, 'María', 'López');
});
afterAll(() => ctx.close());

const url = '/api/admin/templates/lease';
const read = (token: string, query = '') => ctx.app.inject({ url: `${url}${query}`, headers: bearer(token) });
const save = (token: string | undefined, body: string, ifMatch?: string, branchId: number | null = null) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: saveHeaders(token, ifMatch),
    payload: { branchId, body },
  });

describe('conditional writes of a contract template', () => {
  it('GET carries the scope’s latest version; a save from it answers the next; a second save from it is a 412 naming who saved', async () => {
    const opened = await read(maria.token);
    const latest = json(opened).versions[0].version as number;
    expect(opened.headers.etag).toBe(`"v${latest}"`);

    const first = await save(maria.token, '# Contrato de María', opened.headers.etag as string);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers.etag).toBe(`"v${latest + 1}"`);

    const second = await save(pedro.token, '# Contrato de Pedro', opened.headers.etag as string);
    expect(second.statusCode).toBe(412);
    expect(json(second).message).toMatch(/^María López guardó cambios a las \d\d:\d\d\. Recargue para verlos; lo que usted escribió sigue aquí\.$/);
    expect(json(await read(maria.token)).current.body).toBe('# Contrato de María');
  });

  it('a branch without an override is "v0"; without If-Match saves as before; malformed is a 400', async () => {
    const opened = await read(maria.token, '?branchId=1');
    expect(opened.headers.etag).toBe('"v0"');
    expect((await save(maria.token, '# Contrato de la sucursal', '"v0"', 1)).statusCode).toBe(201);
    expect((await save(pedro.token, '# Otra vez', '"v0"', 1)).statusCode).toBe(412);
    expect((await save(pedro.token, '# Sin versión', undefined, 1)).statusCode).toBe(201);
    const malformed = await save(pedro.token, '# Mal', 'v1', 1);
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).details[0].field).toBe('If-Match');
  });

  it('401 without a token, 403 for a manager', async () => {
    expect((await save(undefined, '# X', '"v1"')).statusCode).toBe(401);
    expect((await save(manager.token, '# X', '"v1"')).statusCode).toBe(403);
  });
});
