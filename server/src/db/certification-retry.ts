import { ER_LOCK_DEADLOCK, errnoOf } from '../dialects/sql/mysql-errno';

/**
 * How many times a whole write transaction is run at most when it loses to a concurrent one. On a
 * Galera cluster, writes through every node drawing from one sequence all want its row: of the
 * ones in flight at once (one per node: the row lock queues the rest on each node) one commits
 * and the others lose, so a write may lose several times in a row under such a load (measured:
 * up to 7 runs for 200 creates at once through three nodes).
 */
export const CERTIFICATION_TRIES = 10;
/** The longest pause between two runs. */
export const CERTIFICATION_PAUSE_MAX_MS = 1000;

const MAX_DEPTH = 4;

/**
 * Whether `error` says the transaction was rolled back because a concurrent one won: MySQL /
 * MariaDB's deadlock victim (1213), which is also how a Galera node reports a transaction that
 * lost certification at COMMIT, or that a write replicated from another node aborted. Nothing of
 * the transaction was kept. Looks through `cause`.
 */
export const isCertificationConflict = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  if (errnoOf(error) === ER_LOCK_DEADLOCK) return true;
  return isCertificationConflict((error as { cause?: unknown }).cause, depth + 1);
};

/**
 * The pause before try `attempt + 1` (attempt 1 just failed): 20 ms, then 40, 80... up to
 * CERTIFICATION_PAUSE_MAX_MS, each drawn between half and one and a half of that (`random` in
 * [0, 1)) so that the transactions that collided do not collide again in step.
 */
export const certificationPauseMs = (attempt: number, random: number): number =>
  Math.round(Math.min(CERTIFICATION_PAUSE_MAX_MS, 20 * 2 ** (attempt - 1)) * (0.5 + random));

/**
 * The statement that lost, as far as it names no value: its verb and the table it writes
 * (`COMMIT`, `update cb_cache_version`), from the driver's error (`sql`, through `cause`), for the
 * debug log: what collides where.
 */
export const lostStatement = (error: unknown, depth = 0): string | undefined => {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return undefined;
  const { sql, cause } = error as { sql?: unknown; cause?: unknown };
  if (typeof sql === 'string') {
    const found = /^\s*(\w+)(?:\s+(?:ignore\s+)?(?:into|from))?(?:\s+[`"]?([\w$]+)[`"]?)?/i.exec(sql);
    if (found?.[1]) {
      const verb = found[1].toLowerCase();
      return ['insert', 'update', 'delete', 'replace'].includes(verb) && found[2]
        ? `${verb} ${found[2]}`
        : verb;
    }
  }
  return lostStatement(cause, depth + 1);
};

let retried = 0;

/** Retries made since the process started (reported in the debug log as `certificationRetries`). */
export const certificationRetries = (): number => retried;

export interface RetryLog {
  debug(fields: object, message: string): void;
}

let processLog: RetryLog | undefined;

/** Where retries without a request's own log are reported (the app's log, set when it is built). */
export const reportCertificationRetriesTo = (log: RetryLog): void => {
  processLog = log;
};

/**
 * Runs `attempt` (one whole transaction, begun and committed inside it) again when it lost to a
 * concurrent transaction (`isCertificationConflict`), up to `tries` (CERTIFICATION_TRIES) in all, while
 * `safe(error)` says that running it again cannot repeat an effect that already took place.
 * Otherwise, or when the tries run out, the error stands (it answers 503 DATABASE_BUSY).
 */
export const withCertificationRetry = async <T>(
  attempt: () => Promise<T>,
  safe: (error: unknown) => boolean,
  log?: RetryLog,
  options: { tries?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> => {
  const most = options.tries ?? CERTIFICATION_TRIES;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= most || !isCertificationConflict(error) || !safe(error)) throw error;
      retried += 1;
      (log ?? processLog)?.debug(
        { certificationRetries: retried, attempt: tries, statement: lostStatement(error) },
        'a write transaction lost to a concurrent one (deadlock or Galera certification): running it again',
      );
      await sleep(certificationPauseMs(tries, Math.random()));
    }
  }
};
