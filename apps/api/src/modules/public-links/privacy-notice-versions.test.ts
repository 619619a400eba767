import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, json, signInAs, type TestContext } from '../../test/app';
import { nameUser, saveHeaders } from '../../test/conditional-writes';

/** Issue 28: two admins on the privacy notice; a save names the version it was opened at (decision 023). */
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

const url = '/api/admin/privacy-notice';
const text = (who: string) => `Aviso de privacidad de ${who}: tratamos sus datos personales para evaluar su solicitud de arrendamiento.`;
const read = (token: string) => ctx.app.inject({ url, headers: bearer(token) });
const save = (token: string | undefined, body: string, ifMatch?: string) =>
  ctx.app.inject({ method: 'PUT', url, headers: saveHeaders(token, ifMatch), payload: { text: body } });

describe('conditional writes of the privacy notice', () => {
  it('GET carries the latest version; the second of two saves from it is a 412 naming who saved, and adds nothing', async () => {
    const opened = await read(maria.token);
    const version = json(opened).current.version as number;
    expect(opened.headers.etag).toBe(`"v${version}"`);

    const first = await save(maria.token, text('María'), opened.headers.etag as string);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"v${version + 1}"`);

    const second = await save(pedro.token, text('Pedro'), opened.headers.etag as string);
    expect(second.statusCode).toBe(412);
    expect(json(second).message).toMatch(/^María López guardó cambios a las \d\d:\d\d\. Recargue para verlos; lo que usted escribió sigue aquí\.$/);
    const after = json(await read(maria.token));
    expect(after.current.text).toBe(text('María'));
    expect(after.versions).toHaveLength(json(opened).versions.length + 1);
  });

  it('without If-Match saves as before; malformed is a 400; 401 without a token; 403 for a manager', async () => {
    expect((await save(pedro.token, text('Pedro'))).statusCode).toBe(200);
    const malformed = await save(pedro.token, text('Pedro'), 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).details[0].field).toBe('If-Match');
    expect((await save(undefined, text('X'), '"v1"')).statusCode).toBe(401);
    expect((await save(manager.token, text('X'), '"v1"')).statusCode).toBe(403);
  });
});
