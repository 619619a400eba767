import type { Plugin, Rolldown } from 'vite';
import { staticClosure } from './shell-preload';

type OutputBundle = Rolldown.OutputBundle;

/**
 * Vite lists, for each lazy import, every chunk the imported one needs, to preload them all at
 * once. The importing chunk's own static imports are among them, though they are already loaded
 * before it runs: `react`, the API client, the button… repeated in each of the router's 42 lazy
 * routes, that was 1,758 entries and ≈ 1.5 KB gzip of the entry chunk that /login downloads
 * (issue 30's ≤ 130 KB). This keeps only what the importer does not already have loaded.
 *
 * Vite asks `resolveDependencies` while its own `generateBundle` rewrites the imports; this
 * plugin's `generateBundle` runs first (order 'pre') and keeps the bundle to look the importer up.
 */
export function preloadMissingOnly(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } {
  let bundle: OutputBundle | undefined;
  const loadedByHost = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'portal-preload-missing-only',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedByHost.clear();
        },
      },
    },
    resolveDependencies(_file, deps, { hostId }) {
      const host = bundle?.[hostId];
      if (!bundle || host?.type !== 'chunk') return deps;
      let loaded = loadedByHost.get(hostId);
      if (!loaded) loadedByHost.set(hostId, (loaded = staticClosure(bundle, [host])));
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
