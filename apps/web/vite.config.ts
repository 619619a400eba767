import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { shellPreload } from './build/shell-preload';
import { preloadMissingOnly } from './build/preload-missing-only';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);
const outDir = decodeURIComponent(new URL('./dist', import.meta.url).pathname);

const preload = preloadMissingOnly();

export default defineConfig({
  plugins: [react(), tailwindcss(), shellPreload(), preload.plugin],
  resolve: { alias: { '@': srcDir } },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // No polyfill (≈ 0.3 KB of /login's entry): every browser we serve but Safari < 17 preloads
    // modules itself, and one that does not still loads each module when it is imported.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        // Libraries in a few named, long-cached chunks; each screen stays its own lazy chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]/ },
            // Dialog and menu machinery only (lazy screens); Slot stays with the button it serves.
            // Every package the group's modules import must be in it too (or in a chunk that
            // never imports this one): a dependency left behind lands in the first screen that
            // uses it, the group imports that screen back, and whichever chunk loads second
            // sees the other's exports as undefined (the menu's @floating-ui did exactly that).
            {
              name: 'radix',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@radix-ui[\\/](?!react-slot|react-compose-refs)|@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)/,
            },
          ],
        },
      },
    },
  },
});
