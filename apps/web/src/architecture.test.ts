// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web's boundaries are lint rules (eslint/web-boundaries.js): each one is shown to fire on a
 * bad sample, and a well-behaved file is shown to pass. Samples are virtual files in src/.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });
// The path samples are linted for the path rules alone: no-cycle would first parse every module a
// sample reaches (issue 30). no-cycle has its own sample below; `npm run lint` runs every rule.
const pathRules = ['import-x/no-restricted-paths', 'no-restricted-imports'];
const pathsOnly = new ESLint({ cwd: repoRoot, ruleFilter: ({ ruleId }) => pathRules.includes(ruleId) });
const boundaryRules = ['import-x/no-restricted-paths', 'import-x/no-cycle', 'no-restricted-imports'];

async function lintedRuleIds(linter: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}
/** Every rule's findings. */
const ruleIds = (file: string, code: string) => lintedRuleIds(eslint, file, code);
/** The path rules' findings only. */
const pathRuleIds = (file: string, code: string) => lintedRuleIds(pathsOnly, file, code);

describe('web boundaries (lint)', { timeout: 60_000 }, () => {
  it('lib/ imports no feature', async () => {
    const ids = await pathRuleIds('lib/boundary-sample.ts', "import { useSession } from '@/features/auth';\nexport const sample = useSession;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('components/ imports nothing of app/', async () => {
    const ids = await pathRuleIds('components/boundary-sample.ts', "import { protectedLoader } from '@/app/guards';\nexport const sample = protectedLoader;\n");
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it("a feature reaches another only through its index.ts", async () => {
    const ids = await pathRuleIds(
      'features/users/boundary-sample.ts',
      "import { BranchForm } from '../branches/form/branch-form';\nexport const sample = BranchForm;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('no import cycles', async () => {
    // lib/form-errors.ts imports lib/api-error.ts: api-error importing form-errors back closes a cycle.
    const ids = await ruleIds('lib/api-error.ts', "import { fieldsNamed } from './form-errors';\nexport const sample = fieldsNamed;\n");
    expect(ids).toContain('import-x/no-cycle');
  });

  it('a feature using another feature, lib/ and components/ the allowed way passes', async () => {
    const ids = await pathRuleIds(
      'features/users/boundary-sample.ts',
      [
        "import { useBranches } from '@/features/branches';",
        "import { paths } from '@/lib/paths';",
        "import { Button } from '@/components/ui/button';",
        "import { useUsers } from '../api';",
        'export const sample = [useBranches, paths, Button, useUsers];',
        '',
      ].join('\n'),
    );
    expect(ids.filter((id) => boundaryRules.includes(id))).toEqual([]);
  });
});
