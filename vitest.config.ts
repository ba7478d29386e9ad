import os from 'node:os';
import { defineConfig } from 'vitest/config';

const apiGlobalSetup = ['apps/api/src/test-support/global-setup.ts'];

/**
 * Projects: unit (contract, pure functions), web (the web app's components, stores and API
 * client in happy-dom), the API integration suite twice (PGlite and a real PostgreSQL server
 * the run starts itself; `*.postgres.test.ts` files run on PostgreSQL only), and browser
 * journeys on the built app.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. The API
    // suites spend much of their time waiting on PostgreSQL and on API processes they start,
    // so two workers on two cores halve the run (measured: 337 s against 612–654 s).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          setupFiles: ['apps/web/src/test-support/setup.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/api/src/**/*.test.ts'],
          // Faults of a real server (restarts, a second process on one database) need PostgreSQL.
          exclude: ['**/*.postgres.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
          isolate: false,
          globalSetup: apiGlobalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          isolate: false,
          globalSetup: apiGlobalSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A page on a busy 2-core machine can take more than expect.poll's default 1 s to draw
          // what a click changed; a journey waits for it, up to 10 s, instead of failing now and then.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
