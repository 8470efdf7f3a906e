import { runSqliteJob, type SqliteJob, type SqliteReply } from './sqlite-job';

/**
 * Entry point of a SQLite console process (see sqlite-runner.ts): runs each job it is sent and
 * answers with the result. better-sqlite3 is synchronous and cannot be interrupted, so the server
 * keeps statements out of its own event loop and kills this process at the statement timeout.
 */
process.on('message', (job: SqliteJob) => {
  let reply: SqliteReply;
  try {
    reply = runSqliteJob(job);
  } catch (error) {
    reply = { ok: false, kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});

process.send?.({ ready: true });
