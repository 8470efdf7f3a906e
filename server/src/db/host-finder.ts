import type { Knex } from 'knex';
import { isConnectionError } from '../errors/is-connection-error';
import { hostKey, type HostAddress } from './host-list';

/** No server of the connection URL is one the data source may use right now. */
export class NoHostError extends Error {
  /** Answered like a refused connection: 503, try again. */
  readonly code = 'ECONNREFUSED';
  constructor(hosts: readonly HostAddress[], wanted: string) {
    super(
      `no server of ${hosts.map(hostKey).join(', ')} answered as ${wanted}; looking again on the next connection`,
    );
    this.name = 'NoHostError';
  }
}

export interface HostFinderOptions<State, Settings> {
  hosts: readonly HostAddress[];
  /** The URL naming one server of the list. */
  urlFor(host: HostAddress): string;
  /** Asks the server at a URL what it is; throws if it does not answer. */
  probe(url: string): Promise<State>;
  /** The server to use given each one's answer (undefined: did not answer), or none. */
  choose(states: (State | undefined)[]): HostAddress | undefined;
  /** What the servers must be, for the message when none is. */
  wanted: string;
  /** The driver settings of a connection to one server. */
  settings(url: string): Settings;
}

/** The server a pooled connection was opened to, as its driver reports it. */
export type ConnectionHost = (connection: unknown) => string;

/**
 * Finds, for a pool, the server of a multi-host URL that it should connect to, and looks again
 * when told that a connection was lost or refused (a failover): the pool then drops the
 * connections it holds to any other server. `provide` is the knex connection provider: it asks
 * every server at once and keeps the one `choose` picks.
 */
export class HostFinder<State, Settings extends object> {
  private losses = 0;
  private current: string | undefined;

  constructor(private readonly options: HostFinderOptions<State, Settings>) {}

  provide = async (): Promise<Settings & { expirationChecker: () => boolean }> => {
    const seen = this.losses;
    const { hosts, urlFor, probe, choose } = this.options;
    const states = await Promise.all(hosts.map((host) => probe(urlFor(host)).catch(() => undefined)));
    const chosen = choose(states);
    if (!chosen) throw new NoHostError(hosts, this.options.wanted);
    this.current = hostKey(chosen);
    return { ...this.options.settings(urlFor(chosen)), expirationChecker: () => this.losses !== seen };
  };

  /** Tells the finder that a server may have gone or changed role: the next connection looks again. */
  lost(): void {
    this.losses += 1;
  }

  /** Whether a pooled connection, opened to `host` ("host:port"), still goes to the server in use. */
  keeps(host: string): boolean {
    return host === this.current;
  }

  /**
   * Looks again after failed connection attempts of `knex`, and after failed statements that
   * `signalsFailover` (a lost connection; a write refused as read-only, isConnectionError).
   */
  watch(knex: Knex, signalsFailover: (error: unknown) => boolean = isConnectionError): void {
    knex.on('query-error', (error: unknown) => {
      if (signalsFailover(error)) this.lost();
    });
    const pool = (knex.client as { pool?: { on(event: 'createFail', listener: () => void): void } }).pool;
    pool?.on('createFail', () => this.lost());
  }
}
