import { describe, expect, it } from 'vitest';
import {
  checkPgSession,
  isRefusedStartupOption,
  PgSessionError,
  searchPathArrived,
} from '../../src/db/pg-session-check';

/** A connection answering `SHOW search_path` only; any other statement is one the test did not expect. */
const answering = (searchPath: string) => ({
  query: (sql: string) => {
    if (sql !== 'SHOW search_path') throw new Error(`unexpected statement ${sql}`);
    return Promise.resolve({ rows: [{ search_path: searchPath }] });
  },
});

describe('checkPgSession', () => {
  it('accepts the pinned path, however PostgreSQL spaces it', async () => {
    expect(searchPathArrived('"$user", public, pg_catalog, pg_temp', undefined)).toBe(true);
    expect(searchPathArrived('"shop data",public,pg_catalog,pg_temp', 'shop data')).toBe(true);
    await expect(
      checkPgSession(answering('"$user",public,pg_catalog,pg_temp'), undefined),
    ).resolves.toBeUndefined();
  });

  it('refuses a connection whose startup option did not arrive (a pooler dropped it)', async () => {
    expect(searchPathArrived('"$user", public', undefined)).toBe(false);
    expect(searchPathArrived('"$user",public,pg_catalog,pg_temp', 'shop')).toBe(false);
    const refused = checkPgSession(answering('"$user", public'), undefined);
    await expect(refused).rejects.toBeInstanceOf(PgSessionError);
    await expect(checkPgSession(answering('"$user", public'), undefined)).rejects.toThrow(/PgBouncer/);
  });

  it("recognises PgBouncer's refusal of the option", () => {
    expect(isRefusedStartupOption(new Error('unsupported startup parameter: options'))).toBe(true);
    expect(isRefusedStartupOption(new Error('password authentication failed'))).toBe(false);
    expect(isRefusedStartupOption(undefined)).toBe(false);
  });
});
