import { describe, expect, it } from 'vitest';
import { judgeCapabilities, type Capabilities } from '../../../src/db/capabilities/capability-verdict';

const everything: Capabilities = {
  locksLock: true,
  transactionalDdl: true,
  triggers: true,
  deferrableTriggers: true,
  fullText: 'pg_trgm',
};

describe('judgeCapabilities', () => {
  it('refuses nothing of a complete PostgreSQL database', () => {
    expect(judgeCapabilities('pg', true, everything)).toEqual({ refuse: [], adapt: [] });
  });

  it('refuses locks that do not lock, on any server database', () => {
    for (const client of ['pg', 'mysql'] as const) {
      const verdict = judgeCapabilities(client, false, { ...everything, locksLock: false });
      expect(verdict.refuse).toEqual([expect.stringMatching(/session locks do not lock/)]);
    }
  });

  it('refuses a PostgreSQL-speaking database whose DDL is not transactional, or primary without deferred triggers', () => {
    const verdict = judgeCapabilities('pg', true, {
      ...everything,
      transactionalDdl: false,
      deferrableTriggers: false,
    });
    expect(verdict.refuse).toEqual([
      expect.stringMatching(/DDL after a write is not rolled back/),
      expect.stringMatching(/deferred constraint triggers are missing/),
    ]);
    // Another data source keeps no caches in step: deferred triggers are primary's need.
    expect(judgeCapabilities('pg', false, { ...everything, deferrableTriggers: false }).refuse).toEqual([]);
  });

  it('adapts to MySQL committing DDL and to a missing search parser; refuses primary without TRIGGER', () => {
    const mysql: Capabilities = {
      ...everything,
      transactionalDdl: false,
      fullText: null,
      deferrableTriggers: undefined,
    };
    expect(judgeCapabilities('mysql', false, mysql)).toEqual({
      refuse: [],
      adapt: [expect.stringMatching(/journalled/), expect.stringMatching(/scan the table/)],
    });
    expect(judgeCapabilities('mysql', true, { ...mysql, triggers: false }).refuse).toEqual([
      expect.stringMatching(/TRIGGER privilege/),
    ]);
  });

  it('does not refuse what could not be told', () => {
    const unknown = {
      ...everything,
      transactionalDdl: undefined,
      triggers: undefined,
      deferrableTriggers: undefined,
    };
    expect(judgeCapabilities('pg', true, unknown).refuse).toEqual([]);
  });
});
