import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * A signed-in first load of `/` or `/policies` found the shell's code only after the entry had
 * run (the router's lazy routes and the session guard): one more round trip on a phone before
 * anything could render (issue 13, /policies LCP). This build step writes a tiny script, loaded
 * `async`, that adds `modulepreload` links for the shell and the current screen, so they download
 * beside the entry. Only a stored session token loads it: the check rides in the theme script
 * that every page already runs before its first paint (public/theme-init.js, rewritten into a
 * hashed copy with the check appended), so /login, signed out, loads not one byte more (issue 30's
 * /login JavaScript figure). Files of their own, not inline: the CSP allows no inline script.
 */

/** The modules a signed-in screen needs before it can paint, by path (`*`: every path). */
const shellModules: Record<string, string[]> = {
  '*': ['src/app/guards.ts', 'src/app/app-layout.tsx'],
  '/': ['src/features/dashboard/pages/dashboard-page.tsx'],
  '/policies': ['src/features/policies/pages/policies-page.tsx', 'src/features/policies/prefetch.ts'],
};

/** The key the session keeps its access token under (features/auth/session/session-store.ts). */
const tokenKey = 'auth_token';

/** The blocking theme script of index.html (public/), which the build extends with the token check. */
const themeInit = 'theme-init.js';

const hashedName = (name: string, source: string) => `assets/${name}-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;

export function shellPreload(): Plugin {
  let publicDir = '';
  return {
    name: 'portal-shell-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
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
        Object.entries(shellModules).map(([route, modules]) => [
          route,
          [...closureOf(modules)].filter((file) => !loadedWithEntry.has(file) && (route === '*' || !shared.has(file))),
        ]),
      );
      const source =
        `(function(){var f=${JSON.stringify(filesByPath)};` +
        `(f['*']||[]).concat(f[location.pathname]||[]).forEach(function(n){var l=document.createElement('link');` +
        `l.rel='modulepreload';l.crossOrigin='';l.href='/'+n;document.head.appendChild(l)})})();\n`;
      const preloadFile = this.emitFile({ type: 'asset', fileName: hashedName('shell-preload', source), source });
      const themeScript = fs.readFileSync(path.join(publicDir, themeInit), 'utf8');
      const headSource =
        `${themeScript}\n(function(){try{if(!localStorage.getItem(${JSON.stringify(tokenKey)}))return}catch(e){return}` +
        `var s=document.createElement('script');s.src='/${this.getFileName(preloadFile)}';document.head.appendChild(s)})();\n`;
      const headFile = hashedName('theme-init', headSource);
      this.emitFile({ type: 'asset', fileName: headFile, source: headSource });
      const themeTag = `<script src="/${themeInit}"></script>`;
      if (!String(html.source).includes(themeTag)) throw new Error(`shell-preload: index.html has no ${themeTag}`);
      html.source = String(html.source).replace(themeTag, `<script src="/${headFile}"></script>`);
    },
  };
}

/** The files of `roots` and of everything they import statically. */
export function staticClosure(bundle: OutputBundle, roots: OutputChunk[]): Set<string> {
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
