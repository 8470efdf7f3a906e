import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { parseGtidPosition } from '../../src/db/replicas/gtid-position';
import { mariadbReplicaPositions, pgReplicaPositions } from '../../src/dialects/sql/replica-positions';
import { sqlDialect } from '../../src/dialects/sql/sql-dialects';

/** A Knex whose `raw` answers the one statement expected (by a pattern) and throws on any other call. */
const fakeKnex = (expected: RegExp, answer: unknown): { knex: Knex; asked: string[] } => {
  const asked: string[] = [];
  const target = {
    raw: (sql: string, ...rest: unknown[]) => {
      if (rest.length > 0 || !expected.test(sql)) throw new Error(`unexpected statement: ${sql}`);
      asked.push(sql);
      return Promise.resolve(answer);
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

describe('replica positions of each dialect', () => {
  it('PostgreSQL: the WAL position of the primary and the replayed one of a standby', async () => {
    const primary = fakeKnex(/pg_current_wal_lsn\(\)/, { rows: [{ lsn: '1/10' }] });
    expect(await pgReplicaPositions.primary(primary.knex)).toBe((1n << 32n) + 16n);
    expect(primary.asked).toHaveLength(1);
    const standby = fakeKnex(/pg_last_wal_replay_lsn\(\)/, { rows: [{ lsn: '0/20' }] });
    expect(await pgReplicaPositions.replayed(standby.knex)).toBe(32n);
    const plain = fakeKnex(/pg_last_wal_replay_lsn\(\)/, { rows: [{ lsn: null }] });
    await expect(pgReplicaPositions.replayed(plain.knex)).rejects.toThrow(/not a standby/);
    expect(pgReplicaPositions.reached(32n, 32n)).toBe(true);
    expect(pgReplicaPositions.reached(31n, 32n)).toBe(false);
  });

  it('MariaDB: the binary log GTID state of the primary, the replayed one of a replica', async () => {
    const primary = fakeKnex(/@@global\.gtid_binlog_pos.*@@global\.log_bin/, [
      [{ pos: '0-1-42,1-2-7', log_bin: 1 }],
      [],
    ]);
    expect(await mariadbReplicaPositions.primary(primary.knex)).toEqual(parseGtidPosition('0-1-42,1-2-7'));
    const empty = fakeKnex(/@@global\.gtid_binlog_pos/, [[{ pos: '', log_bin: 1 }], []]);
    expect(await mariadbReplicaPositions.primary(empty.knex)).toEqual(new Map());
    const noBinlog = fakeKnex(/@@global\.gtid_binlog_pos/, [[{ pos: '', log_bin: 0 }], []]);
    await expect(mariadbReplicaPositions.primary(noBinlog.knex)).rejects.toThrow(/binary logging is off/);

    const replica = fakeKnex(/@@global\.gtid_slave_pos.*SLAVES_RUNNING/, [
      [{ pos: '0-1-40', running: '1' }],
      [],
    ]);
    expect(await mariadbReplicaPositions.replayed(replica.knex)).toEqual(parseGtidPosition('0-1-40'));
    const stopped = fakeKnex(/@@global\.gtid_slave_pos/, [[{ pos: '0-1-40', running: '0' }], []]);
    await expect(mariadbReplicaPositions.replayed(stopped.knex)).rejects.toThrow(/not replicating/);
    const sample = parseGtidPosition('0-1-42');
    expect(mariadbReplicaPositions.reached(parseGtidPosition('0-1-40'), sample)).toBe(false);
    expect(mariadbReplicaPositions.reached(parseGtidPosition('0-1-42'), sample)).toBe(true);
    expect(mariadbReplicaPositions.reached(mariadbReplicaPositions.origin, new Map())).toBe(true);
  });

  it('each dialect says how its replicas tell positions; SQLite has none', () => {
    expect(sqlDialect('pg').replicaPositions).toBe(pgReplicaPositions);
    expect(sqlDialect('mysql').replicaPositions).toBe(mariadbReplicaPositions);
    expect(sqlDialect('sqlite').replicaPositions).toBeNull();
  });
});
