import type { Knex } from 'knex';
import { gtidReached, parseGtidPosition, type GtidPosition } from '../../db/replicas/gtid-position';
import { gtidSetContains, parseGtidSet, type GtidSet } from '../../db/replicas/gtid-set';
import { lsnReached, parseLsn } from '../../db/replicas/replica-choice';
import type { ReplicaPositions } from './sql-dialect';

/** PostgreSQL: the primary's current WAL position, and how far a standby has replayed it. */
export const pgReplicaPositions: ReplicaPositions<bigint> = {
  primary: async (knex: Knex) => {
    const { rows } = (await knex.raw('SELECT pg_catalog.pg_current_wal_lsn()::text AS lsn')) as {
      rows: { lsn: string }[];
    };
    return parseLsn(rows[0]?.lsn ?? '');
  },
  replayed: async (knex: Knex) => {
    const { rows } = (await knex.raw('SELECT pg_catalog.pg_last_wal_replay_lsn()::text AS lsn')) as {
      rows: { lsn: string | null }[];
    };
    const lsn = rows[0]?.lsn;
    // A server that is not replaying (a promoted or plain server) is no replica of ours.
    if (!lsn) throw new Error('not a standby');
    return parseLsn(lsn);
  },
  reached: lsnReached,
  origin: 0n,
};

type Row = Record<string, unknown>;
const firstRow = async (knex: Knex, sql: string): Promise<Row> =>
  ((await knex.raw(sql)) as [Row[]])[0][0] ?? {};

/** A MySQL-family server's replication position: MariaDB's GTID position or MySQL 8's GTID set. */
export type MysqlPosition =
  | { readonly flavour: 'mariadb'; readonly position: GtidPosition }
  | { readonly flavour: 'mysql'; readonly set: GtidSet };

const flavours = new WeakMap<Knex, Promise<'mariadb' | 'mysql'>>();

/** Whether `knex` reaches MariaDB or MySQL (read once per pool). */
const flavourOf = (knex: Knex): Promise<'mariadb' | 'mysql'> => {
  let known = flavours.get(knex);
  if (!known) {
    known = firstRow(knex, 'SELECT @@version AS v').then((row) =>
      /mariadb/i.test(String(row.v ?? '')) ? 'mariadb' : 'mysql',
    );
    // A failed look (the server was down) is asked again next time.
    known.catch(() => flavours.delete(knex));
    flavours.set(knex, known);
  }
  return known;
};

/**
 * MySQL and MariaDB. MariaDB: the primary's binary log GTID state (`@@gtid_binlog_pos`), and the
 * GTID state a replica has replayed (`@@gtid_slave_pos`), compared domain by domain
 * (db/replicas/gtid-position.ts). MySQL 8: the set of transactions each server has applied
 * (`@@gtid_executed`, which needs `gtid_mode = ON`), a replica having a sample when its set holds
 * the sample's (db/replicas/gtid-set.ts); a replica replays while its applier runs.
 */
export const mysqlReplicaPositions: ReplicaPositions<MysqlPosition> = {
  primary: async (knex: Knex) => {
    if ((await flavourOf(knex)) === 'mysql') {
      const row = await firstRow(knex, 'SELECT @@global.gtid_executed AS pos, @@global.gtid_mode AS mode');
      // Without GTIDs no replica could be known to have a write.
      if (String(row.mode).toUpperCase() !== 'ON') throw new Error('gtid_mode is not ON on the primary');
      return { flavour: 'mysql', set: parseGtidSet(String(row.pos ?? '')) };
    }
    const row = await firstRow(knex, 'SELECT @@global.gtid_binlog_pos AS pos, @@global.log_bin AS log_bin');
    // Without a binary log the position never moves: no replica could be known to have a write.
    if (Number(row.log_bin) !== 1) throw new Error('binary logging is off on the primary');
    return { flavour: 'mariadb', position: parseGtidPosition(String(row.pos ?? '')) };
  },
  replayed: async (knex: Knex) => {
    if ((await flavourOf(knex)) === 'mysql') {
      const row = await firstRow(
        knex,
        "SELECT @@global.gtid_executed AS pos, (SELECT COUNT(*) FROM performance_schema.replication_applier_status WHERE SERVICE_STATE = 'ON') AS running",
      );
      // A server that applies nothing (replication stopped, or a plain server) is no replica of ours.
      if (!(Number(row.running) > 0)) throw new Error('not replicating');
      return { flavour: 'mysql', set: parseGtidSet(String(row.pos ?? '')) };
    }
    const row = await firstRow(
      knex,
      "SELECT @@global.gtid_slave_pos AS pos, (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'SLAVES_RUNNING') AS running",
    );
    // A server that replays nothing (replication stopped, or a plain server) is no replica of ours.
    if (!(Number(row.running) > 0)) throw new Error('not replicating');
    return { flavour: 'mariadb', position: parseGtidPosition(String(row.pos ?? '')) };
  },
  // A MariaDB replica of a MySQL primary (or the reverse) cannot be compared: never eligible.
  reached: (replayed, sample) =>
    replayed.flavour === 'mariadb'
      ? sample.flavour === 'mariadb' && gtidReached(replayed.position, sample.position)
      : sample.flavour === 'mysql' && gtidSetContains(replayed.set, sample.set),
  origin: { flavour: 'mariadb', position: new Map() },
};
