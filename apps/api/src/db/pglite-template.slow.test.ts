import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newSeededDatabase, scratchFolder } from '../test/new-pglite-database';
import { newDatabaseTemplate, newDatabaseTemplateFile } from './pglite-template';

/*
 * In `npm run test:slow` (CI runs it), not `npm test`: what it proves needs PGlite's initdb of a
 * brand-new database, several seconds of CPU by nature (issue 30). The template's own path is in
 * pglite-template.test.ts.
 */
const work = scratchFolder();

describe('a new PGlite database from the build’s template', () => {
  it('falls back to initdb when the template is damaged or is not a database', async () => {
    const cut = path.join(work, 'cortada.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(newDatabaseTemplateFile).subarray(0, 50_000));
    expect(await newDatabaseTemplate(path.join(work, 'cortada'), cut)).toBeUndefined();
    const notADatabase = path.join(work, 'no-es-base.tar.gz');
    fs.writeFileSync(notADatabase, zlib.gzipSync('esto no es un tar'));
    expect(await newSeededDatabase(path.join(work, 'sin-plantilla'), notADatabase)).toEqual(['admin@plantilla.mx']);
  }, 120_000);
});
