import { defineProject } from 'vitest/config';
import { needsIsolation, webProject } from './vitest.config.ts';

/** The web files that need their own module graph (see needsIsolation); isolated, as vitest's default. */
export default defineProject({
  ...webProject,
  test: {
    ...webProject.test,
    name: 'web-isolated',
    include: needsIsolation,
  },
});
