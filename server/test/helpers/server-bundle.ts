import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const repoRoot = resolve(import.meta.dirname, '../../..');

let built: Promise<string> | undefined;

/**
 * The server as `npm run build:server` bundles it, built from the current source once per test
 * process, for the suites that start server processes: Node starts a bundle in half the CPU time
 * tsx takes to compile the source, and those suites start some sixty servers. The bundle lives in
 * `server/.test-build-<pid>/`, at the depth of `server/build/`, so that it finds the web app and
 * its SQLite console process where the real build does; it is removed when the process exits.
 * Resolves with the path of `server.js`.
 */
export const serverBundle = (): Promise<string> => {
  built ??= (async () => {
    const outdir = join(repoRoot, 'server', `.test-build-${process.pid}`);
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    await build({
      entryPoints: [
        join(repoRoot, 'server/src/server.ts'),
        join(repoRoot, 'server/src/dialects/sql/console/sqlite-process.ts'),
      ],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      outdir,
      entryNames: '[name]',
      logLevel: 'warning',
    });
    return join(outdir, 'server.js');
  })();
  return built;
};
