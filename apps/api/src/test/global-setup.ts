import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { apiRoot } from '../api-root';
import { prepareTemplates } from './templates';

/**
 * Once per run of the api project: build the production server when its sources changed (the
 * tests that start a real process run it as `npm start` does), migrate and seed the template
 * databases (PGlite's are kept for the next run while their inputs do not change; PostgreSQL's
 * are dropped at the end).
 */
export default async function setup(project: TestProject) {
  execFileSync(process.execPath, [path.join(apiRoot, '../../scripts/build-if-needed.mjs'), 'api'], { stdio: 'inherit' });
  const started = performance.now();
  const prepared = await prepareTemplates(process.env.TEST_DATABASE_URL);
  if (process.env.TEST_TIMINGS) console.info(`test database templates (${prepared.templates.kind}) ready in ${Math.round(performance.now() - started)} ms`);
  project.provide('databaseTemplates', prepared.templates);
  return () => prepared.dispose();
}
