import { describe, expect, it } from 'vitest';
import { DatabaseLockTimeout } from '../../src/dialects/sql/database-lock';
import { isBusyError } from '../../src/errors/is-busy-error';
import { toErrorResponse } from '../../src/errors/to-error-response';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isBusyError', () => {
  it('recognises a lock held by other work on every database', () => {
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'ER_LOCK_WAIT_TIMEOUT',
      'ER_LOCK_DEADLOCK',
      '40001',
      '40P01',
      '55P03',
    ]) {
      expect(isBusyError(withCode(code)), code).toBe(true);
    }
    expect(isBusyError(new Error('wrapped', { cause: withCode('SQLITE_BUSY') }))).toBe(true);
    // Another crudboard server held a database lock (a schema change) past the wait.
    expect(isBusyError(new DatabaseLockTimeout('schema changes', 60_000))).toBe(true);
  });

  it('leaves statement errors, lost connections and non-errors alone', () => {
    for (const code of [
      'SQLITE_CONSTRAINT',
      'SQLITE_LOCKED_X',
      'ECONNREFUSED',
      '23505',
      'ER_DUP_ENTRY',
      '40000',
    ]) {
      expect(isBusyError(withCode(code)), code).toBe(false);
    }
    expect(isBusyError(null)).toBe(false);
    expect(isBusyError('SQLITE_BUSY')).toBe(false);
  });

  it('makes the response a 503 DATABASE_BUSY that says nothing was changed, with a retry hint', () => {
    expect(toErrorResponse(withCode('SQLITE_BUSY'), 'zh', 'r1')).toEqual({
      status: 503,
      body: { code: 'DATABASE_BUSY', message: '数据库正忙，本次操作未生效，请稍后重试', requestId: 'r1' },
      headers: { 'retry-after': '2' },
      unexpected: true,
    });
    expect(toErrorResponse(withCode('40P01'), 'en', 'r').body.message).toBe(
      'The database is busy; nothing was changed, try again shortly',
    );
  });
});
