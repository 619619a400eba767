import crypto from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * A signed-in first load of `/` or `/policies` found the shell's code only after the entry had
 * run (the router's lazy routes and the session guard): one more round trip on a phone before
 * anything could render (issue 13, /policies LCP). This build step writes a tiny script, loaded
 * `async` from index.html, that — only when a session token is stored — adds `modulepreload`
 * links for the shell and the current screen, so they download beside the entry. /login (no
 * token) loads nothing more. A file of its own, not inline: the CSP allows no inline script.
 */

/** The modules a signed-in screen needs before it can paint, by path (`*`: every path). */
const shellModules: Record<string, string[]> = {
  '*': ['src/app/guards.ts', 'src/app/app-layout.tsx'],
  '/': ['src/features/dashboard/pages/dashboard-page.tsx'],
  '/policies': ['src/features/policies/pages/policies-page.tsx', 'src/features/policies/prefetch.ts'],
};

/** The key the session keeps its access token under (features/auth/session/session-store.ts). */
const tokenKey = 'auth_token';

export function shellPreload(): Plugin {
  return {
    name: 'portal-shell-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const loadedWithEntry = staticClosure(bundle, [entry]);
      const closureOf = (modules: string[]) => {
        const roots = modules.map((module) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module)));
        if (roots.some((root) => !root)) throw new Error(`shell-preload: no chunk for one of ${modules.join(', ')}`);
        return staticClosure(bundle, roots as OutputChunk[]);
      };
      const shared = closureOf(shellModules['*']!);
      const filesByPath = Object.fromEntries(
        Object.entries(shellModules).map(([path, modules]) => [
          path,
          [...closureOf(modules)].filter((file) => !loadedWithEntry.has(file) && (path === '*' || !shared.has(file))),
        ]),
      );
      const source =
        `if(localStorage.getItem(${JSON.stringify(tokenKey)})){var f=${JSON.stringify(filesByPath)};` +
        `(f['*']||[]).concat(f[location.pathname]||[]).forEach(function(n){var l=document.createElement('link');` +
        `l.rel='modulepreload';l.crossOrigin='';l.href='/'+n;document.head.appendChild(l)})}\n`;
      const fileName = `assets/shell-preload-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      html.source = String(html.source).replace('</head>', `  <script async src="/${fileName}"></script>\n  </head>`);
    },
  };
}

/** The files of `roots` and of everything they import statically. */
function staticClosure(bundle: OutputBundle, roots: OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  roots.forEach(visit);
  return files;
}
