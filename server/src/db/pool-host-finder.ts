import type { Knex } from 'knex';
import { isConnectionError } from '../errors/is-connection-error';

/** What a pool on a URL of several servers follows (db/host-finder.ts), seen from outside it. */
export interface FollowedHosts {
  /** The driver settings of a connection to the server in use, looked for again when lost. */
  provide(): Promise<object & { expirationChecker: () => boolean }>;
  /** Says that a connection to the server in use was lost or refused: the next one looks again. */
  lost(): void;
  /** Whether a connection opened to `host` ("host:port") still goes to the server in use. */
  keeps(host: string): boolean;
  /** Looks again after failed connections and lost statements of `knex`. */
  watch(knex: Knex): void;
}

const followed = new WeakMap<Knex, FollowedHosts>();

/** Records that `knex` connects through `finder` (its URL lists several servers). */
export const rememberHostFinder = (knex: Knex, finder: FollowedHosts): void => {
  followed.set(knex, finder);
};

/** The host finder `knex` connects through, when its URL lists several servers. */
export const hostFinderOf = (knex: Knex): FollowedHosts | undefined => followed.get(knex);

interface ProvidingClient {
  connectionConfigProvider?: () => Promise<Record<string, unknown> & { expirationChecker?: () => boolean }>;
  connectionConfigExpirationChecker?: (() => boolean) | null;
  connectionSettings?: object;
}

/**
 * Brings the connection settings of a pool whose connection is a provider (a URL of several
 * servers) up to date, as Knex does only when its pool opens a connection: a connection opened
 * outside the pool (`client.acquireRawConnection()`, the SQL console's own) would otherwise go to
 * the server the pool last found, dead or not. The same check as Knex 3's: settings are asked
 * for again when the provider's `expirationChecker` says they expired.
 */
export const refreshProvidedSettings = async (knex: Knex): Promise<void> => {
  const client = knex.client as ProvidingClient;
  const provider = client.connectionConfigProvider;
  const expired = client.connectionConfigExpirationChecker;
  if (!provider || !expired || !expired()) return;
  const { expirationChecker, ...settings } = await provider();
  client.connectionConfigExpirationChecker = expirationChecker ?? null;
  client.connectionSettings = settings;
};

/**
 * A connection of its own, opened outside the pool (the SQL console's, one per statement). On a
 * URL of several servers it goes to the one the pool's host finder chose, asked again when a
 * connection was lost since; a refused connection (that server died) makes the finder look again,
 * and the connection is tried once more on the server it finds: nothing ran yet. Without this it
 * would go to the server the pool last connected to, which an idle pool may not have left.
 */
export const openOwnConnection = async (knex: Knex): Promise<unknown> => {
  const finder = hostFinderOf(knex);
  await refreshProvidedSettings(knex);
  try {
    return await knex.client.acquireRawConnection();
  } catch (error) {
    if (!finder || !isConnectionError(error)) throw error;
    finder.lost();
    await refreshProvidedSettings(knex);
    return knex.client.acquireRawConnection();
  }
};

/** A statement on a connection of its own failed: when its server went away, the next one looks again. */
export const ownConnectionFailed = (knex: Knex, error: unknown): void => {
  if (isConnectionError(error)) hostFinderOf(knex)?.lost();
};
