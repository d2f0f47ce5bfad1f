import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Test files that replace a module with vi.mock: they need modules of their own, so they run
// isolated. Every other file shares one worker's modules and jsdom (decision 022): the suite
// took 8.5 minutes isolated, where setting up jsdom and importing React, Radix and the app for
// each file cost more than the tests themselves; it takes about a minute shared.
const MOCKING_FILES = [
  'src/entities/location/ui/location-map.test.tsx',
  'src/features/jobs/routes/job-details-editing.test.tsx',
  'src/features/map/routes/map-page.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Interaction tests type and click through whole dialogs; in CI they share two cores with
    // the server tests on PostgreSQL, and 5 s was seen to be too short for a few of them.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: MOCKING_FILES,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
    ],
  },
});
