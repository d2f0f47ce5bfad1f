import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One worker that keeps its modules between files, so the migrated template database is
    // built once per run and each file only clones it (see test/database.ts).
    pool: 'forks',
    isolate: false,
    fileParallelism: false,
    testTimeout: 20_000,
    // A guard against a hang, not a speed check: CI runs these tests at the lowest priority beside
    // the end-to-end tests, where one file's app (a clone of the template database and the app
    // built on it) once took over a minute to be ready.
    hookTimeout: 180_000,
  },
});
