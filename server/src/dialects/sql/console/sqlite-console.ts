import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { SqlRunError, type SqlOutcome, type SqlRun } from './sql-result';
import type { SqliteJob, SqliteReply } from './sqlite-job';
import { SHARED_STATE } from '../../../db/table-names';

/** crudboard's logs, which no console statement may change, not even the super admin's. */
const APPEND_ONLY = [SHARED_STATE.audit, SHARED_STATE.revision];

/** Idle console processes kept for the next statement (starting one takes a few hundred ms). */
const MAX_IDLE = 2;
const idle: ChildProcess[] = [];

const moduleUrl = import.meta.url;
const fromSource = moduleUrl.endsWith('.ts');

/** Starts a console process; resolves once it has loaded and said it is ready. */
const spawnProcess = (): Promise<ChildProcess> => {
  const entry = fileURLToPath(new URL(`./sqlite-process.${fromSource ? 'ts' : 'js'}`, moduleUrl));
  const loader = fromSource ? ['--import', pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href] : [];
  const child = fork(entry, [], { execArgv: loader, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const fail = (error?: Error) => {
      child.kill('SIGKILL');
      reject(error ?? new Error('the SQLite console process did not start'));
    };
    child.once('message', () => {
      child.off('exit', onExit);
      child.off('error', fail);
      resolve(child);
    });
    const onExit = () => fail();
    child.once('exit', onExit);
    child.once('error', fail);
  });
};

const park = (child: ChildProcess) => {
  if (child.connected && idle.length < MAX_IDLE) {
    child.unref();
    child.channel?.unref();
    idle.push(child);
  } else {
    child.kill('SIGKILL');
  }
};

const take = async (): Promise<ChildProcess> => {
  while (idle.length > 0) {
    const child = idle.pop() as ChildProcess;
    if (child.connected && child.exitCode === null) {
      child.ref();
      child.channel?.ref();
      return child;
    }
  }
  return spawnProcess();
};

/** Stops the idle console processes (when the server closes). */
export const closeSqliteProcesses = (): void => {
  for (const child of idle.splice(0)) child.kill('SIGKILL');
};

const databaseFile = (knex: Knex): string => {
  const connection = knex.client.config.connection as { filename?: unknown };
  if (typeof connection.filename !== 'string') throw new Error('the SQLite data source names no file');
  return connection.filename;
};

/**
 * SQLite: better-sqlite3 runs statements synchronously and has no way to interrupt one, so the
 * statement runs in a separate process on its own connection to the same file (read-only
 * connection for read-only mode). At the timeout that process is killed: SQLite's journal
 * undoes the unfinished transaction, and the server's own connection is never blocked.
 */
export const runSqlite = async (knex: Knex, run: SqlRun): Promise<SqlOutcome> => {
  const job: SqliteJob = {
    file: databaseFile(knex),
    sql: run.sql,
    params: run.params,
    readOnly: run.readOnly,
    maxRows: run.maxRows,
    maxBytes: run.maxBytes,
    maxCellBytes: run.maxCellBytes,
    appendOnly: APPEND_ONLY,
  };
  const child = await take();
  return new Promise<SqlOutcome>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onExit);
      done();
    };
    const sent = performance.now();
    const timer = setTimeout(() => {
      settle(() => {
        child.kill('SIGKILL');
        // Have a process ready for the next statement.
        void spawnProcess()
          .then(park)
          .catch(() => undefined);
        reject(new SqlRunError('timeout', 'the statement timed out'));
      });
    }, run.timeoutMs);
    const onMessage = (reply: SqliteReply) => {
      settle(() => {
        park(child);
        if (reply.ok) resolve({ ...reply.outcome, elapsedMs: Math.round(performance.now() - sent) });
        else reject(new SqlRunError(reply.kind, reply.message));
      });
    };
    const onExit = () => {
      settle(() => reject(new Error('the SQLite console process ended unexpectedly')));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onExit);
    child.send(job);
  });
};
