import type { TestProject } from 'vitest/node';
import { prepareTemplates } from './templates';

/** Once per run of the api project: migrate and seed the template databases, drop them at the end. */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const prepared = await prepareTemplates(process.env.TEST_DATABASE_URL);
  if (process.env.TEST_TIMINGS) console.info(`test database templates (${prepared.templates.kind}) ready in ${Math.round(performance.now() - started)} ms`);
  project.provide('databaseTemplates', prepared.templates);
  return () => prepared.dispose();
}
