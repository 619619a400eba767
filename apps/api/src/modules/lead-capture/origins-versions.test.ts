import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { nameUser, saveHeaders } from '../../test/conditional-writes';

/** Issue 28: the branch's lead-capture origins (a branch setting, on the branch's row) saved from two tabs (decision 023). */
let ctx: TestContext;
let maria: { id: number; token: string };
let pedro: { id: number; token: string };
let santaFe: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  maria = await signInAs(ctx, 'manager', 1);
  pedro = await signInAs(ctx, 'manager', 1);
  santaFe = await signInAs(ctx, 'manager', 2);
  await nameUser(ctx, maria.id, 'María', 'López');
});
afterAll(() => ctx.close());

const url = '/api/branches/1/lead-capture';
const read = (token: string) => ctx.app.inject({ url, headers: bearer(token) });
const save = (token: string | undefined, origin: string, ifMatch?: string) =>
  ctx.app.inject({ method: 'PUT', url, headers: saveHeaders(token, ifMatch), payload: { origins: [origin] } });

describe('conditional writes of the lead-capture origins', () => {
  it('GET carries the branch’s version; the second of two saves from it is a 412 naming who saved, and writes nothing', async () => {
    const opened = await read(maria.token);
    expect(opened.headers.etag).toBe(`"v${json(opened).version}"`);
    const first = await save(maria.token, 'https://www.maria.mx', opened.headers.etag as string);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"v${json(first).version}"`);
    const second = await save(pedro.token, 'https://www.pedro.mx', opened.headers.etag as string);
    expect(second.statusCode).toBe(412);
    expect(json(second).message).toMatch(/^María López guardó cambios a las \d\d:\d\d\. Recargue/);
    expect(json(await read(maria.token)).origins).toEqual(['https://www.maria.mx']);
  });

  it('without If-Match saves as before; malformed is a 400; 401 without a token; 403 for another branch’s manager', async () => {
    expect((await save(pedro.token, 'https://www.sin-version.mx')).statusCode).toBe(200);
    const malformed = await save(pedro.token, 'https://www.mal.mx', 'v1');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).details[0].field).toBe('If-Match');
    expect((await save(undefined, 'https://x.mx', '"v1"')).statusCode).toBe(401);
    expect((await save(santaFe.token, 'https://x.mx', '"v1"')).statusCode).toBe(403);
  });
});
