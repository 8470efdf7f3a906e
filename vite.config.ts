import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverUrl = process.env.CRUDBOARD_SERVER ?? 'http://127.0.0.1:8080';

/** The server suites that start database clusters of their own (`test-support/`). */
const CLUSTER_SUITES = [
  'server/test/instances/galera.test.ts',
  'server/test/instances/pg-failover.test.ts',
  'server/test/instances/pg-replicas.test.ts',
  'server/test/instances/mariadb-replicas.test.ts',
  'server/test/instances/pgbouncer.test.ts',
];

/**
 * The server suites that mostly wait: they start server processes and kill them, or wait for a
 * schedule's ticks. `npm run test:server` runs them in a second process beside the others
 * (SERVER_LANE=processes / in-process), where their waiting costs the run no time; without
 * SERVER_LANE the server project holds every server suite.
 */
const PROCESS_SUITES = [
  'server/test/instances/cluster.test.ts',
  'server/test/instances/schedule-runner.test.ts',
  'server/test/instances/schema-change-crash.test.ts',
  'server/test/instances/shutdown.test.ts',
  'server/test/instances/start-up.test.ts',
  'server/test/reliability/database-outage.test.ts',
  'server/test/reliability/history-crash.test.ts',
  'server/test/reliability/import-crash.test.ts',
  'server/test/reliability/upload-crash.test.ts',
  'server/test/reliability/webhook-chaos.test.ts',
];

const serverLane = process.env.SERVER_LANE;
const SERVER_SUITES = ['server/test/**/*.test.ts', 'server/src/extensions/**/*.test.ts'];

export default defineConfig({
  base: '/crudboard/',
  plugins: [react()],
  resolve: {
    // crudboard's client (packages/client) compiled from its source, as tsconfig.json's `paths`
    // say: the app and its tests run the code as it is, with no build of the package first.
    alias: {
      '@crudboard/client': fileURLToPath(new URL('./packages/client/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
  },
  server: {
    // Vite's string shorthand turns changeOrigin on: the server would then see its own host with
    // the page's Origin and refuse every changing request as cross-site. Keep the Host as sent.
    proxy: {
      '/api': { target: serverUrl, changeOrigin: false },
      '/download': { target: serverUrl, changeOrigin: false },
    },
  },
  test: {
    // Console output (React's act() notices from antd internals, errors the code under test logs
    // on purpose, server logs) is shown for failing tests only, so that a failure stands out.
    silent: 'passed-only',
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          // An extension's tests live in its own folder (docs/extending.md).
          include: ['tests/**/*.test.{ts,tsx}', 'src/extensions/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**'],
          setupFiles: ['./tests/setup.ts'],
          // The files of a worker share one jsdom and the packages they import (antd, React): making
          // them again for each file was half of the suite's time. tests/setup.ts evaluates the app's
          // own modules anew before each file, so that no file sees the module-level stores
          // (registered tables, cached lookups, i18n texts) another file left.
          isolate: false,
          // jsdom renders of large antd screens take seconds on a busy two-core machine.
          testTimeout: 20000,
          server: { deps: { inline: [/@refinedev\//, 'react-router'] } },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: serverLane === 'processes' ? PROCESS_SUITES : SERVER_SUITES,
          exclude: serverLane === 'in-process' ? [...CLUSTER_SUITES, ...PROCESS_SUITES] : CLUSTER_SUITES,
          // a retried test's first error, printed where it happened (a passing retry hides it)
          setupFiles: ['./server/test/helpers/report-failed-attempts.ts'],
          globalSetup: [
            './server/test/helpers/database-templates.ts',
            './server/test/helpers/report-skipped-databases.ts',
            './server/test/helpers/report-skipped-slapd.ts',
            './server/test/helpers/server-bundle-cleanup.ts',
          ],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
          // The files share one module graph: each file builds its own apps on its own database,
          // and importing the server's modules once instead of once per file halves the suite's
          // CPU time. Process-wide settings a test depends on (the password hash cost) are set
          // by that test.
          isolate: false,
          // Work a test waits for in the background (webhook deliveries and their retries, cache
          // polls) takes longer on a loaded machine than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
          // A browser test runs beside the server suite on a loaded machine: one retry absorbs a
          // slow render; a test failing twice still fails the run.
          retry: 1,
        },
      },
      {
        test: {
          // Database clusters the suites start themselves (several database servers and crudboard
          // processes each): run after the others, on a machine they do not share with them.
          name: 'clusters',
          environment: 'node',
          include: CLUSTER_SUITES,
          setupFiles: ['./server/test/helpers/report-failed-attempts.ts'],
          globalSetup: ['./server/test/helpers/server-bundle-cleanup.ts'],
          testTimeout: 30000,
          hookTimeout: 180000,
          fileParallelism: false,
          retry: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['./tests/e2e/helpers/report-failed-attempts.ts'],
          // A walk of 15 s on an idle machine took 60 s and more beside the server suite: a test
          // that times out keeps driving the shared page while its retry runs, so the retry fails
          // too. Two minutes keep the first attempt alive; a real hang still fails.
          testTimeout: 120000,
          hookTimeout: 120000,
          fileParallelism: false,
          // The browser suite runs beside the server suite on a loaded machine: a screen that
          // settles after a second or two is not a failure, so expect.poll waits up to 15 s, and
          // one retry absorbs a render slowed by the load (a test failing twice still fails).
          expect: { poll: { timeout: 15000 } },
          retry: 1,
        },
      },
    ],
  },
});
