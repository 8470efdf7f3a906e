import { describe, expect, it } from 'vitest';
import {
  CERTIFICATION_PAUSE_MAX_MS,
  CERTIFICATION_TRIES,
  certificationPauseMs,
  certificationRetries,
  isCertificationConflict,
  lostStatement,
  withCertificationRetry,
} from '../../src/db/certification-retry';

const deadlock = () => Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });
const noSleep = { sleep: async () => undefined };
/** A log that takes debug lines only: anything else is a mistake. */
const debugLog = (lines: object[]) => ({ debug: (fields: object) => void lines.push(fields) });

describe('isCertificationConflict', () => {
  it('is MySQL / MariaDB error 1213, also behind a cause', () => {
    expect(isCertificationConflict(deadlock())).toBe(true);
    expect(isCertificationConflict(new Error('wrapped', { cause: deadlock() }))).toBe(true);
  });
  it('is nothing else: a lock wait timeout, a duplicate key, no error object', () => {
    expect(isCertificationConflict(Object.assign(new Error('timeout'), { errno: 1205 }))).toBe(false);
    expect(isCertificationConflict(Object.assign(new Error('duplicate'), { errno: 1062 }))).toBe(false);
    expect(isCertificationConflict(undefined)).toBe(false);
    expect(isCertificationConflict('1213')).toBe(false);
  });
});

describe('lostStatement', () => {
  it('names the verb and the table written, never a value', () => {
    const lost = (sql: string) => lostStatement(Object.assign(deadlock(), { sql }));
    expect(lost('COMMIT')).toBe('commit');
    expect(lost("update `cb_cache_version` set `version` = version + 1 where `scope` = 'metadata'")).toBe(
      'update cb_cache_version',
    );
    expect(lost("insert into `cb_meta_relation` (`name`) values ('secret')")).toBe('insert cb_meta_relation');
    expect(lost("INSERT IGNORE INTO cb_console_account VALUES ('a', 'b')")).toBe('insert cb_console_account');
    expect(lost('delete from `purchase` where `id` = 7')).toBe('delete purchase');
    expect(lost("select * from `purchase` where `name` = 'secret'")).toBe('select');
  });
  it('looks through cause, and says nothing without a statement', () => {
    expect(lostStatement(new Error('wrapped', { cause: Object.assign(deadlock(), { sql: 'COMMIT' }) }))).toBe(
      'commit',
    );
    expect(lostStatement(deadlock())).toBeUndefined();
    expect(lostStatement(undefined)).toBeUndefined();
  });
});

describe('certificationPauseMs', () => {
  it('doubles from 20 ms, between half and one and a half of it', () => {
    expect(certificationPauseMs(1, 0)).toBe(10);
    expect(certificationPauseMs(1, 0.999)).toBe(30);
    expect(certificationPauseMs(3, 0.5)).toBe(80);
  });
  it('stops growing at the longest pause', () => {
    expect(certificationPauseMs(20, 0.5)).toBe(CERTIFICATION_PAUSE_MAX_MS);
  });
});

describe('withCertificationRetry', () => {
  it('runs a transaction that lost again, counting and logging each retry', async () => {
    const before = certificationRetries();
    const lines: object[] = [];
    let runs = 0;
    const result = await withCertificationRetry(
      async () => {
        runs += 1;
        if (runs < 3) throw deadlock();
        return 'done';
      },
      () => true,
      debugLog(lines),
      noSleep,
    );
    expect(result).toBe('done');
    expect(runs).toBe(3);
    expect(certificationRetries() - before).toBe(2);
    expect(lines).toEqual([
      { certificationRetries: before + 1, attempt: 1 },
      { certificationRetries: before + 2, attempt: 2 },
    ]);
  });

  it('gives up after the last try with the conflict itself', async () => {
    let runs = 0;
    const error = deadlock();
    await expect(
      withCertificationRetry(
        async () => {
          runs += 1;
          throw error;
        },
        () => true,
        undefined,
        noSleep,
      ),
    ).rejects.toBe(error);
    expect(runs).toBe(CERTIFICATION_TRIES);
  });

  it('does not run again what is not safe to run again, nor other errors', async () => {
    let runs = 0;
    await expect(
      withCertificationRetry(
        async () => {
          runs += 1;
          throw deadlock();
        },
        () => false,
        undefined,
        noSleep,
      ),
    ).rejects.toMatchObject({ errno: 1213 });
    await expect(
      withCertificationRetry(
        async () => {
          runs += 1;
          throw new Error('constraint');
        },
        () => true,
        undefined,
        noSleep,
      ),
    ).rejects.toThrow('constraint');
    expect(runs).toBe(2);
  });

  it('asks whether it is safe with the error that stopped the run', async () => {
    const first = deadlock();
    const second = deadlock();
    const asked: unknown[] = [];
    let runs = 0;
    await expect(
      withCertificationRetry(
        async () => {
          runs += 1;
          throw runs === 1 ? first : second;
        },
        (error) => {
          asked.push(error);
          return error === first;
        },
        undefined,
        noSleep,
      ),
    ).rejects.toBe(second);
    expect(asked).toEqual([first, second]);
    expect(asked[0]).toBe(first);
    expect(runs).toBe(2);
  });

  it('takes its number of tries from the caller', async () => {
    let runs = 0;
    await expect(
      withCertificationRetry(
        async () => {
          runs += 1;
          throw deadlock();
        },
        () => true,
        undefined,
        { tries: 2, sleep: async () => undefined },
      ),
    ).rejects.toMatchObject({ errno: 1213 });
    expect(runs).toBe(2);
  });
});
