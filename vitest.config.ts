import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
    },
  },
  test: {
    // One test file per core: Vitest's default leaves a core idle (cores - 1, one worker on the
    // 2-core machines we run on), though most files wait on their database or server half the time.
    maxWorkers: availableParallelism(),
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['contracts/**/*.test.ts', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'tests/model/**/*.test.ts', 'tests/lint/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A worker keeps the modules it has loaded from one file to the next: loading the server
          // anew for each file was a quarter of the run (import 103 s of 390 s, 342 s in all
          // without). These files mock no module; the few that change something process-wide (the
          // hash cost, an environment variable, the clock) put it back when they end.
          isolate: false,
        },
      },
      {
        extends: true,
        // The SPA's files mock its modules and stub the browser's globals: each in modules of its own.
        test: { name: 'spa', include: ['src/**/*.test.ts'] },
      },
    ],
    // One seeded database for the run, which each test file opens a copy of.
    globalSetup: ['server/test/seeded-database-setup.ts'],
    // Cheaper password hashes where the hashing is not what a test is about (its comment says why).
    setupFiles: ['server/test/password-cost.ts'],
    testTimeout: 20000,
    hookTimeout: 120000,
  },
});
