import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Interaction tests type and click through whole dialogs; in CI they share two cores with
    // the server tests on PostgreSQL, and 5 s was seen to be too short for a few of them.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
