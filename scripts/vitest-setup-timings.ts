import type { Reporter, TestModule } from 'vitest/node';
import { experimental_getRunnerTask } from 'vitest/node';

/**
 * Per test file: how long it took to import (collect) and to set up (its beforeAll hooks, up to
 * its first test), slowest setup first. Use beside the default reporter:
 *   npx vitest run --reporter=default --reporter=./scripts/vitest-setup-timings.ts
 */
export default class SetupTimingsReporter implements Reporter {
  private rows: Array<{ file: string; project: string; tests: number; importMs: number; setupMs: number; hooksMs: number; wallMs: number }> = [];
  private root = '';

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule) {
    const diagnostic = module.diagnostic();
    const tests = [...module.children.allTests()];
    const fileStart = experimental_getRunnerTask(module).result?.startTime;
    const testStarts = tests.map((test) => test.diagnostic()?.startTime).filter((time): time is number => time !== undefined);
    const testTotal = tests.reduce((sum, test) => sum + (test.diagnostic()?.duration ?? 0), 0);
    this.rows.push({
      file: module.moduleId.replace(`${this.root}/`, ''),
      project: module.project.name,
      tests: tests.length,
      importMs: diagnostic.collectDuration,
      setupMs: fileStart !== undefined && testStarts.length ? Math.min(...testStarts) - fileStart : 0,
      hooksMs: diagnostic.duration - testTotal,
      wallMs: diagnostic.collectDuration + diagnostic.duration,
    });
  }

  onTestRunEnd() {
    const rows = [...this.rows].sort((a, b) => b.setupMs - a.setupMs);
    const s = (ms: number) => (ms / 1000).toFixed(2).padStart(6);
    console.log('\nPer-file timings (s): import, setup (beforeAll until the first test), all hooks, import + run');
    for (const row of rows) console.log(`${s(row.importMs)} ${s(row.setupMs)} ${s(row.hooksMs)} ${s(row.wallMs)}  ${row.project}  ${row.file} (${row.tests})`);
  }
}
