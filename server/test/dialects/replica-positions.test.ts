import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { parseGtidPosition } from '../../src/db/replicas/gtid-position';
import { parseGtidSet } from '../../src/db/replicas/gtid-set';
import { mysqlReplicaPositions, pgReplicaPositions } from '../../src/dialects/sql/replica-positions';
import { sqlDialect } from '../../src/dialects/sql/sql-dialects';

/**
 * A Knex whose `raw` answers the statements expected (each by a pattern, with its answer) and
 * throws on any other statement or use.
 */
const fakeKnex = (...expected: readonly (readonly [RegExp, unknown])[]): { knex: Knex; asked: string[] } => {
  const asked: string[] = [];
  const target = {
    raw: (sql: string, ...rest: unknown[]) => {
      const answer = expected.find(([pattern]) => pattern.test(sql));
      if (rest.length > 0 || !answer) throw new Error(`unexpected statement: ${sql}`);
      asked.push(sql);
      return Promise.resolve(answer[1]);
    },
  };
  const knex = new Proxy(target, {
    get: (object, key) => {
      if (key === 'raw') return object.raw;
      // Awaiting the fake asks for `then`: it is no promise.
      if (key === 'then') return undefined;
      throw new Error(`unexpected use of knex.${String(key)}`);
    },
  }) as unknown as Knex;
  return { knex, asked };
};

const VERSION = /^SELECT @@version AS v$/;
const MARIADB: [RegExp, unknown] = [VERSION, [[{ v: '10.11.19-MariaDB-0+deb12u1' }], []]];
const MYSQL: [RegExp, unknown] = [VERSION, [[{ v: '8.0.39' }], []]];
const A = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const mariadb = (text: string) => ({ flavour: 'mariadb' as const, position: parseGtidPosition(text) });
const mysql = (text: string) => ({ flavour: 'mysql' as const, set: parseGtidSet(text) });

describe('replica positions of each dialect', () => {
  it('PostgreSQL: the WAL position of the primary and the replayed one of a standby', async () => {
    const primary = fakeKnex([/pg_current_wal_lsn\(\)/, { rows: [{ lsn: '1/10' }] }]);
    expect(await pgReplicaPositions.primary(primary.knex)).toBe((1n << 32n) + 16n);
    expect(primary.asked).toHaveLength(1);
    const standby = fakeKnex([/pg_last_wal_replay_lsn\(\)/, { rows: [{ lsn: '0/20' }] }]);
    expect(await pgReplicaPositions.replayed(standby.knex)).toBe(32n);
    const plain = fakeKnex([/pg_last_wal_replay_lsn\(\)/, { rows: [{ lsn: null }] }]);
    await expect(pgReplicaPositions.replayed(plain.knex)).rejects.toThrow(/not a standby/);
    expect(pgReplicaPositions.reached(32n, 32n)).toBe(true);
    expect(pgReplicaPositions.reached(31n, 32n)).toBe(false);
  });

  it('MariaDB: the binary log GTID state of the primary, the replayed one of a replica', async () => {
    const positions = mysqlReplicaPositions;
    const primary = fakeKnex(MARIADB, [
      /@@global\.gtid_binlog_pos.*@@global\.log_bin/,
      [[{ pos: '0-1-42,1-2-7', log_bin: 1 }], []],
    ]);
    expect(await positions.primary(primary.knex)).toEqual(mariadb('0-1-42,1-2-7'));
    // The server's kind is read once per pool.
    expect(await positions.primary(primary.knex)).toEqual(mariadb('0-1-42,1-2-7'));
    expect(primary.asked.filter((sql) => VERSION.test(sql))).toHaveLength(1);
    const empty = fakeKnex(MARIADB, [/@@global\.gtid_binlog_pos/, [[{ pos: '', log_bin: 1 }], []]]);
    expect(await positions.primary(empty.knex)).toEqual(mariadb(''));
    const noBinlog = fakeKnex(MARIADB, [/@@global\.gtid_binlog_pos/, [[{ pos: '', log_bin: 0 }], []]]);
    await expect(positions.primary(noBinlog.knex)).rejects.toThrow(/binary logging is off/);

    const replica = fakeKnex(MARIADB, [
      /@@global\.gtid_slave_pos.*SLAVES_RUNNING/,
      [[{ pos: '0-1-40', running: '1' }], []],
    ]);
    expect(await positions.replayed(replica.knex)).toEqual(mariadb('0-1-40'));
    const stopped = fakeKnex(MARIADB, [/@@global\.gtid_slave_pos/, [[{ pos: '0-1-40', running: '0' }], []]]);
    await expect(positions.replayed(stopped.knex)).rejects.toThrow(/not replicating/);
    const sample = mariadb('0-1-42');
    expect(positions.reached(mariadb('0-1-40'), sample)).toBe(false);
    expect(positions.reached(mariadb('0-1-42'), sample)).toBe(true);
    expect(positions.reached(positions.origin, mariadb(''))).toBe(true);
  });

  it('MySQL 8: the GTID sets the primary and a replica have applied (read from fakes: no MySQL 8 runs here)', async () => {
    const positions = mysqlReplicaPositions;
    const primary = fakeKnex(MYSQL, [
      /@@global\.gtid_executed.*@@global\.gtid_mode/,
      [[{ pos: `${A}:1-42`, mode: 'ON' }], []],
    ]);
    expect(await positions.primary(primary.knex)).toEqual(mysql(`${A}:1-42`));
    const noGtids = fakeKnex(MYSQL, [/@@global\.gtid_executed/, [[{ pos: '', mode: 'OFF' }], []]]);
    await expect(positions.primary(noGtids.knex)).rejects.toThrow(/gtid_mode is not ON/);

    const replica = fakeKnex(MYSQL, [
      /@@global\.gtid_executed.*replication_applier_status/,
      [[{ pos: `${A}:1-40:42`, running: 1 }], []],
    ]);
    expect(await positions.replayed(replica.knex)).toEqual(mysql(`${A}:1-40:42`));
    const stopped = fakeKnex(MYSQL, [/replication_applier_status/, [[{ pos: `${A}:1-42`, running: 0 }], []]]);
    await expect(positions.replayed(stopped.knex)).rejects.toThrow(/not replicating/);
    // 41 was not applied yet: the replica lacks the sample although it has 42.
    expect(positions.reached(mysql(`${A}:1-40:42`), mysql(`${A}:1-42`))).toBe(false);
    expect(positions.reached(mysql(`${A}:1-42`), mysql(`${A}:1-42`))).toBe(true);
    // Positions of the two kinds never compare, and a replica not yet read has nothing.
    expect(positions.reached(mariadb('0-1-42'), mysql(`${A}:1-42`))).toBe(false);
    expect(positions.reached(mysql(`${A}:1-42`), mariadb('0-1-42'))).toBe(false);
    expect(positions.reached(positions.origin, mysql(`${A}:1`))).toBe(false);
  });

  it('each dialect says how its replicas tell positions; SQLite has none', () => {
    expect(sqlDialect('pg').replicaPositions).toBe(pgReplicaPositions);
    expect(sqlDialect('mysql').replicaPositions).toBe(mysqlReplicaPositions);
    expect(sqlDialect('sqlite').replicaPositions).toBeNull();
  });
});
