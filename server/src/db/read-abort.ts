import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiException } from '../errors/api-exception';

/** The signal of the request whose reads run here: aborted once its client has gone away. */
const scope = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `work` so that the statements a cancellable Knex (`cancellableRunner`) starts within it are
 * cancelled on the database server when `signal` aborts, instead of running on for nobody.
 */
export const withAbortSignal = <T>(signal: AbortSignal, work: () => T): T => scope.run(signal, work);

/** Thrown for a read whose client went away: nobody gets the answer (499, not logged as a failure). */
export const clientGone = (): ApiException => new ApiException('CLIENT_GONE');

interface Runner {
  connection?: { __knex__disposed?: unknown };
  query(obj: unknown): Promise<unknown>;
}

interface CancellingClient {
  cancelQuery(connection: unknown): Promise<unknown>;
}

/**
 * `runner`, whose statements stop when the signal of the surrounding `withAbortSignal` aborts:
 * the database cancels the statement (`pg_cancel_backend`, `KILL QUERY`, as Knex does after a
 * timeout), and the connection is not used again (a statement of another request that got it from
 * the pool in the meantime could otherwise be the one cancelled). Outside `withAbortSignal`, or
 * once aborted before the statement starts, `runner` as it is or a CLIENT_GONE.
 */
export const cancellableRunner = <R extends Runner>(runner: R, client: CancellingClient): R => {
  const signal = scope.getStore();
  if (!signal) return runner;
  const query = runner.query.bind(runner);
  runner.query = async (obj: unknown) => {
    if (signal.aborted) throw clientGone();
    const connection = runner.connection;
    let cancelled: Promise<unknown> = Promise.resolve();
    const cancel = () => {
      if (!connection) return;
      connection.__knex__disposed = clientGone();
      cancelled = client.cancelQuery(connection).catch(() => undefined);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await query(obj);
    } catch (error) {
      if (!signal.aborted) throw error;
      await cancelled;
      throw clientGone();
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };
  return runner;
};

/**
 * A signal that aborts when the client of `reply` goes away before its answer was written (a
 * closed tab, a cancelled request); never for an answer sent.
 */
export const abortedWhenClientGoes = (reply: {
  raw: { writableEnded: boolean; once(event: 'close', listener: () => void): unknown };
}): AbortSignal => {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
};
