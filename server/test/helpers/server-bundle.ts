import { execFile } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PREFIX = '.test-build-';
/** The environment variable naming the run (its main process) whose workers share one bundle. */
const OWNER = 'CRUDBOARD_TEST_BUNDLE_OWNER';

let built: Promise<string> | undefined;

/**
 * The server as `npm run build:server` bundles it (that script, into another folder), built from
 * the current source once per test process, for the suites that start server processes: Node
 * starts a bundle in half the CPU time tsx takes to compile the source, and those suites start
 * some sixty servers. The bundle lives in `server/.test-build-<pid>/` (the id of the run's main
 * process, or of this process outside a run that set it), at the depth of `server/build/`, so that
 * it finds the web app and its SQLite console process where the real build does; the run removes
 * it at its end (`bundleCleanup`). Resolves with the path of `server.js`.
 */
export const serverBundle = (): Promise<string> => {
  built ??= (async () => {
    const outdir = join(repoRoot, 'server', `${PREFIX}${process.env[OWNER] ?? process.pid}`);
    // The build script's own options (package.json), with the output folder replaced: the last
    // --outdir wins.
    await run('npm', ['run', '--silent', 'build:server', '--', `--outdir=${outdir}`], { cwd: repoRoot });
    return join(outdir, 'server.js');
  })();
  return built;
};

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * For a Vitest global setup: names this run as the owner of the bundle its workers build, removes
 * the bundles of runs that have ended without removing theirs (killed), and returns what removes
 * this run's own at its end. A run going on beside this one (the other server lane) keeps its own.
 */
export const bundleCleanup = (): (() => void) => {
  process.env[OWNER] = String(process.pid);
  const server = join(repoRoot, 'server');
  for (const name of readdirSync(server)) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length));
    if (Number.isInteger(pid) && pid > 0 && running(pid)) continue;
    rmSync(join(server, name), { recursive: true, force: true });
  }
  return () => rmSync(join(server, `${PREFIX}${process.pid}`), { recursive: true, force: true });
};
