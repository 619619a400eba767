import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries (eslint/api-boundaries.js, docs/decisions/007) are lint rules: this proves
 * each one fires on a small bad sample, and stays quiet on a good one. The samples are virtual
 * files inside the tree (lintText), except the cycle, which needs two files on disk.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });
// The path samples are linted for the path rule alone: no-cycle would first parse every module a
// sample reaches (most of the API: 33 s under load, issue 30). no-cycle has its own two-file sample
// below, and `npm run lint` runs every rule over the whole tree.
const pathsOnly = new ESLint({ cwd: repoRoot, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' });

const boundaryRules = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

async function lintedRuleIds(linter: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}
/** Every rule's findings. */
const ruleIds = (filePath: string, code: string) => lintedRuleIds(eslint, filePath, code);
/** import-x/no-restricted-paths's findings only. */
const pathRuleIds = (filePath: string, code: string) => lintedRuleIds(pathsOnly, filePath, code);

// Each sample is a new file to the type-aware linter, which builds a program for it: seconds on
// an idle machine, but 35 s was seen on a loaded CI machine, past the usual 30 s limit.
describe('module boundaries are enforced by lint', { timeout: 180_000 }, () => {
  it('lib/ imports no module', async () => {
    const ids = await pathRuleIds('apps/api/src/lib/sample.ts', "import { getPolicy } from '../modules/policies/service/read';\nexport const x = getPolicy;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('plugins/ import no module, not even its index.ts', async () => {
    const ids = await pathRuleIds('apps/api/src/plugins/sample.ts', "import { findActiveUser } from '../modules/auth/index';\nexport const x = findActiveUser;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it("a module does not reach another module's service or repository", async () => {
    const service = await pathRuleIds('apps/api/src/modules/leads/sample.ts', "import { getPolicy } from '../policies/service/read';\nexport const x = getPolicy;\n");
    const repository = await pathRuleIds('apps/api/src/modules/leads/sample.ts', "import { branchExists } from '../branches/repository';\nexport const x = branchExists;\n");
    expect(service).toContain('import-x/no-restricted-paths');
    expect(repository).toContain('import-x/no-restricted-paths');
  });

  it('code outside the modules goes through index.ts too', async () => {
    const ids = await pathRuleIds('apps/api/src/demo/sample.ts', "import { createLead } from '../modules/leads/service';\nexport const x = createLead;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('a service imports neither drizzle-orm nor db/schema', async () => {
    const drizzle = await pathRuleIds('apps/api/src/modules/leads/service.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n");
    const subpath = await pathRuleIds('apps/api/src/modules/leads/service.ts', "import { alias } from 'drizzle-orm/pg-core';\nexport const x = alias;\n");
    const schema = await pathRuleIds('apps/api/src/modules/leads/service.ts', "import { leads } from '../../db/schema/index';\nexport const x = leads;\n");
    expect(drizzle).toContain('import-x/no-restricted-paths');
    expect(subpath).toContain('import-x/no-restricted-paths');
    expect(schema).toContain('import-x/no-restricted-paths');
  });

  it("the demo seed's SQL lives in its own repository, demo/repository.ts", async () => {
    const sample = "import { sql } from 'drizzle-orm';\nimport { policies } from '../db/schema/index';\nexport const x = [sql, policies];\n";
    const seed = await pathRuleIds('apps/api/src/demo/seed-demo.ts', sample);
    const repository = await pathRuleIds('apps/api/src/demo/repository.ts', sample);
    expect(seed.filter((id) => id === 'import-x/no-restricted-paths')).toHaveLength(2);
    expect(repository.filter((id) => boundaryRules.includes(id))).toEqual([]);
  });

  describe('cycles', () => {
    const folder = path.join(repoRoot, 'apps/api/src/architecture-cycle-sample');

    beforeAll(() => {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(folder, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    });
    afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

    it('two files importing each other are a cycle', async () => {
      const ids = await ruleIds('apps/api/src/architecture-cycle-sample/a.ts', fs.readFileSync(path.join(folder, 'a.ts'), 'utf8'));
      expect(ids).toContain('import-x/no-cycle');
    });
  });

  it('a service using its own repository and another module through its index.ts is fine', async () => {
    const code = [
      "import type { Db } from '../../db/client';",
      "import { actorScope } from '../../lib/branch-scope';",
      "import type { AuthUser } from '../../lib/auth-user';",
      "import { branchExists } from '../branches/index';",
      "import * as repo from './repository';",
      'export async function sample(db: Db, actor: AuthUser) {',
      '  return [await branchExists(db, 1), await repo.listLeads(db, actorScope(actor).branchId ?? 1)];',
      '}',
      '',
    ].join('\n');
    const ids = await pathRuleIds('apps/api/src/modules/leads/sample.ts', code);
    expect(ids.filter((id) => boundaryRules.includes(id))).toEqual([]);
  });
});
