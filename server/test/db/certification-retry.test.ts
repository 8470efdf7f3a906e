import { describe, expect, it } from 'vitest';
import {
  CERTIFICATION_PAUSE_MAX_MS,
  CERTIFICATION_TRIES,
  certificationPauseMs,
  certificationRetries,
  isCertificationConflict,
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
