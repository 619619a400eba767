import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { bearer, json, type TestContext } from './app';

/**
 * The conditional-write checks every edit form's record gets (issue 28, decision 023), written
 * once: GET's ETag, a save answering the next one, two saves from one version (the second a 412
 * naming who saved, nothing written), a save without If-Match as before, a malformed If-Match.
 */
export interface VersionedRecord<R> {
  /** The record as the form reads it (its GET). */
  read: (token: string) => Promise<LightMyRequestResponse>;
  /** The form's save; `token` undefined sends none. */
  save: (token: string | undefined, record: R, text: string, ifMatch?: string) => Promise<LightMyRequestResponse>;
  /** The edited text field as stored. */
  text: (record: R) => string;
  /** The record in the GET's body, when the body is not the record itself (the spec's one-element arrays). */
  unwrap?: (body: unknown) => R;
}

/** A save's headers: the session (none without a token) and the form's If-Match (none without one). */
export function saveHeaders(token: string | undefined, ifMatch?: string): Record<string, string> {
  return { ...(token ? bearer(token) : {}), ...(ifMatch ? { 'if-match': ifMatch } : {}) };
}

/** Gives the user the name a 412 will show. */
export async function nameUser(ctx: TestContext, id: number, firstName: string, lastName: string): Promise<void> {
  await ctx.testDb.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
}

export function itRefusesStaleSaves<R extends { version: number }>(
  setup: () => { record: VersionedRecord<R>; first: { token: string; name: string }; second: string; outsider?: { token: string; status: number } },
) {
  const readRecord = async (token: string) => {
    const { record } = setup();
    const response = await record.read(token);
    expect(response.statusCode, response.body).toBe(200);
    return { etag: response.headers.etag as string, body: record.unwrap ? record.unwrap(json(response)) : json<R>(response) };
  };

  it('GET carries the version as a strong ETag; a save answers the next one', async () => {
    const { record, first } = setup();
    const { etag, body } = await readRecord(first.token);
    expect(etag).toBe(`"v${body.version}"`);
    const saved = await record.save(first.token, body, 'Primera versión', etag);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<R>(saved).version).toBeGreaterThan(body.version);
    expect(saved.headers.etag).toBe(`"v${json<R>(saved).version}"`);
  });

  it('of two saves from one version the second is a 412 naming who saved and when, and writes nothing', async () => {
    const { record, first, second } = setup();
    const { etag, body } = await readRecord(first.token);
    expect((await record.save(first.token, body, 'Cambio de la pestaña 1', etag)).statusCode).toBe(200);
    const refused = await record.save(second, body, 'Cambio de la pestaña 2', etag);
    expect(refused.statusCode, refused.body).toBe(412);
    expect(json(refused).message).toMatch(
      new RegExp(`^${first.name} guardó cambios a las \\d\\d:\\d\\d\\. Recargue para verlos; lo que usted escribió sigue aquí\\.$`),
    );
    expect(record.text((await readRecord(first.token)).body)).toBe('Cambio de la pestaña 1');
  });

  it('without If-Match the spec’s client saves as before; a malformed one is a 400 naming it', async () => {
    const { record, first, second } = setup();
    const { body } = await readRecord(first.token);
    expect((await record.save(first.token, body, 'Sin versión 1')).statusCode).toBe(200);
    expect((await record.save(second, body, 'Sin versión 2')).statusCode).toBe(200);
    const malformed = await record.save(second, body, 'Mal', 'v1');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).details).toEqual([{ field: 'If-Match', message: expect.stringContaining('If-Match') }]);
    expect(record.text((await readRecord(first.token)).body)).toBe('Sin versión 2');
  });

  it('401 without a token; another branch’s user does not reach it', async () => {
    const { record, first, outsider } = setup();
    const { etag, body } = await readRecord(first.token);
    expect((await record.save(undefined, body, 'x', etag)).statusCode).toBe(401);
    if (outsider) expect((await record.save(outsider.token, body, 'x', etag)).statusCode).toBe(outsider.status);
  });
}
