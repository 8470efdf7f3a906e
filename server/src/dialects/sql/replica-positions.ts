import type { Knex } from 'knex';
import { gtidReached, parseGtidPosition, type GtidPosition } from '../../db/replicas/gtid-position';
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

/**
 * MariaDB: the primary's binary log GTID state (`@@gtid_binlog_pos`), and the GTID state a replica
 * has replayed (`@@gtid_slave_pos`), compared domain by domain (db/replicas/gtid-position.ts).
 * MySQL 8 has neither variable (its GTIDs are sets of ranges): there the primary's position cannot
 * be read, and every read stays on the primary.
 */
export const mariadbReplicaPositions: ReplicaPositions<GtidPosition> = {
  primary: async (knex: Knex) => {
    const row = await firstRow(knex, 'SELECT @@global.gtid_binlog_pos AS pos, @@global.log_bin AS log_bin');
    // Without a binary log the position never moves: no replica could be known to have a write.
    if (Number(row.log_bin) !== 1) throw new Error('binary logging is off on the primary');
    return parseGtidPosition(String(row.pos ?? ''));
  },
  replayed: async (knex: Knex) => {
    const row = await firstRow(
      knex,
      "SELECT @@global.gtid_slave_pos AS pos, (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'SLAVES_RUNNING') AS running",
    );
    // A server that replays nothing (replication stopped, or a plain server) is no replica of ours.
    if (!(Number(row.running) > 0)) throw new Error('not replicating');
    return parseGtidPosition(String(row.pos ?? ''));
  },
  reached: gtidReached,
  origin: new Map(),
};
