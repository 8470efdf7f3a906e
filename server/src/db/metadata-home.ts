import type { Knex } from 'knex';
import { PRIMARY } from '../config';
import { withCertificationRetry } from './certification-retry';

/**
 * Where the metadata of a data source is read and written: every data source's tables, columns,
 * indexes, sequences and relations live in `primary`'s `cb_meta_*` tables, each table, sequence and
 * relation row naming its `dataSource`, so that a connected database holds only its own data.
 */
export interface MetaDb {
  /** `primary`, or a transaction of it. */
  readonly db: Knex;
  readonly dataSource: string;
  /**
   * True when `db` is the very handle metadata was asked for (a `primary` handle or transaction):
   * metadata writes then share its transaction. False for another data source, whose metadata
   * writes need a transaction of `primary` of their own.
   */
  readonly sameHandle: boolean;
}

interface Home {
  primary: Knex;
  dataSource: string;
}

/**
 * Keyed by the Knex client configuration object, which a handle shares with its transactions
 * (and which a `withUserParams` clone copies: register the clone too).
 */
const homes = new WeakMap<object, Home>();

/** Says that `handle` (a pool of data source `dataSource`) keeps its metadata in `primary`. */
export const placeMetadata = (handle: Knex, primary: Knex, dataSource: string): void => {
  homes.set(handle.client.config as object, { primary, dataSource });
};

/**
 * The metadata home of a handle of any data source, or of one of its transactions. A handle no
 * data source registered (`primary`'s, or one a test opened) holds its own metadata as `primary`.
 */
export const metaOf = (db: Knex): MetaDb => {
  const home = homes.get(db.client.config as object);
  return home
    ? { db: home.primary, dataSource: home.dataSource, sameHandle: false }
    : { db, dataSource: PRIMARY, sameHandle: true };
};

/**
 * Runs `work` with the metadata of `db`'s data source inside a transaction: `db`'s own when the
 * metadata lives behind it (so a schema change and its metadata commit together), else a new
 * transaction of `primary`, committed when `work` ends (before `db`'s, when `db` is one).
 */
export const inMetaTransaction = async <T>(db: Knex, work: (meta: MetaDb) => Promise<T>): Promise<T> => {
  const meta = metaOf(db);
  if (meta.sameHandle && db.isTransaction) return work(meta);
  return meta.db.transaction((trx) => work({ ...meta, db: trx }));
};

/**
 * `inMetaTransaction`, run again as a whole when its transaction lost to a concurrent one (a
 * Galera node's certification, a deadlock: error 1213), up to CERTIFICATION_TRIES with jittered
 * pauses, when it opened that transaction itself: the one that lost was rolled back whole, so
 * nothing of it is kept. Inside a caller's transaction of `primary` it runs once (the caller's
 * transaction is lost with it). Metadata writes of every server move the `metadata` row of
 * `cb_cache_version` (its triggers), so two of them through two nodes of a cluster collide there.
 */
export const retriedMetaTransaction = <T>(db: Knex, work: (meta: MetaDb) => Promise<T>): Promise<T> => {
  const inCallers = metaOf(db).sameHandle && db.isTransaction;
  return withCertificationRetry(
    () => inMetaTransaction(db, work),
    () => !inCallers,
  );
};
