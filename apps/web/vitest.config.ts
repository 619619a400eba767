import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': srcDir } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
