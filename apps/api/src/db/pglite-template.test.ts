import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newSeededDatabase, scratchFolder } from '../test/new-pglite-database';
import { newDatabaseTemplate, newDatabaseTemplateFile } from './pglite-template';

const work = scratchFolder();

// Its fallback to PGlite's initdb (a brand-new database: slow by nature) is in pglite-template.slow.test.ts.
describe('a new PGlite database from the build’s template', () => {
  it('is written by the build and used only for a directory that does not exist yet', async () => {
    // The test run's global setup built the server, and with it the template.
    expect(fs.statSync(newDatabaseTemplateFile).size).toBeGreaterThan(100_000);
    expect(await newDatabaseTemplate(path.join(work, 'nueva'))).toBeInstanceOf(Blob);
    expect(await newDatabaseTemplate(work)).toBeUndefined();
  });

  it('opens, migrates and seeds like one made by initdb, and opens again', async () => {
    const dir = path.join(work, 'desde-plantilla');
    expect(await newSeededDatabase(dir)).toEqual(['admin@plantilla.mx']);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(await newSeededDatabase(dir)).toEqual(['admin@plantilla.mx']);
  }, 120_000);
});
