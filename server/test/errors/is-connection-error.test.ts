import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../../src/errors/is-connection-error';
import { toErrorResponse } from '../../src/errors/to-error-response';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('recognises refused, lost and shutting-down connections of every driver', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'PROTOCOL_CONNECTION_LOST',
      '08006',
      '57P01',
      '57P03',
      '53300',
    ]) {
      expect(isConnectionError(withCode(code)), code).toBe(true);
    }
    expect(isConnectionError(new Error('select 1 - Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionError(
        Object.assign(new Error('Timeout acquiring a connection'), { name: 'KnexTimeoutError' }),
      ),
    ).toBe(true);
    expect(isConnectionError(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('leaves statement errors, other failures and non-errors alone', () => {
    for (const code of ['23505', '42P01', 'ER_DUP_ENTRY', 'SQLITE_CONSTRAINT', 'ENOENT', '22001']) {
      expect(isConnectionError(withCode(code)), code).toBe(false);
    }
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
    const loop: Record<string, unknown> = { message: 'loop' };
    loop.cause = loop;
    expect(isConnectionError(loop)).toBe(false);
  });

  it("sees mysql2's statement on a connection it knows is lost (no code)", () => {
    const closed = new Error("ROLLBACK - Can't add new command when connection is in closed state");
    expect(isConnectionError(closed)).toBe(true);
  });

  it('sees a Galera node outside the primary component (1047 with the WSREP message), not other 1047s', () => {
    const notReady = Object.assign(new Error('WSREP has not yet prepared node for application use'), {
      code: 'ER_UNKNOWN_COM_ERROR',
      errno: 1047,
    });
    expect(isConnectionError(notReady)).toBe(true);
    const unknown = Object.assign(new Error('Unknown command'), {
      code: 'ER_UNKNOWN_COM_ERROR',
      errno: 1047,
    });
    expect(isConnectionError(unknown)).toBe(false);
  });

  it('makes the response a 503 with a clear message and a retry hint', () => {
    expect(toErrorResponse(withCode('ECONNREFUSED'), 'zh', 'r9')).toEqual({
      status: 503,
      body: { code: 'DATABASE_UNAVAILABLE', message: '数据库暂时无法连接，请稍后重试', requestId: 'r9' },
      headers: { 'retry-after': '5' },
      unexpected: true,
    });
    expect(toErrorResponse(withCode('57P01'), 'en', 'r').body.message).toBe(
      'The database cannot be reached right now; try again shortly',
    );
  });

  it('answers 400 for text PostgreSQL cannot hold (NUL), not 500', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    expect(toErrorResponse(nul, 'en', 'r')).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        errors: { text: 'contains characters the database cannot hold (such as NUL)' },
      },
      unexpected: false,
    });
  });
});
