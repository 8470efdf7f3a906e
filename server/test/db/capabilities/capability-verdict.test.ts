import { describe, expect, it } from 'vitest';
import { judgeCapabilities, type Capabilities } from '../../../src/db/capabilities/capability-verdict';

const everything: Capabilities = {
  locksLock: true,
  transactionalDdl: true,
  triggers: true,
  deferrableTriggers: true,
  fullText: 'pg_trgm',
  withoutFullText: 'pg_trgm is not available: tables with a search index are refused until it is installed',
};
/** The dialect traits the verdict reads: PostgreSQL's and MySQL's. */
const PG = { sharedByServers: true, schemaChanges: 'transactional' } as const;
const MYSQL = { sharedByServers: true, schemaChanges: 'stepwise' } as const;

describe('judgeCapabilities', () => {
  it('refuses nothing of a complete PostgreSQL database', () => {
    expect(judgeCapabilities(PG, true, everything)).toEqual({ refuse: [], adapt: [] });
  });

  it('refuses locks that do not lock, on any server database', () => {
    for (const client of [PG, MYSQL]) {
      const verdict = judgeCapabilities(client, false, { ...everything, locksLock: false });
      expect(verdict.refuse).toEqual([expect.stringMatching(/session locks do not lock/)]);
    }
  });

  it('refuses a PostgreSQL-speaking database whose DDL is not transactional, or primary without deferred triggers', () => {
    const verdict = judgeCapabilities(PG, true, {
      ...everything,
      transactionalDdl: false,
      deferrableTriggers: false,
    });
    expect(verdict.refuse).toEqual([
      expect.stringMatching(/DDL after a write is not rolled back/),
      expect.stringMatching(/deferred constraint triggers are missing/),
    ]);
    // Another data source keeps no caches in step: deferred triggers are primary's need.
    expect(judgeCapabilities(PG, false, { ...everything, deferrableTriggers: false }).refuse).toEqual([]);
  });

  it('adapts to MySQL committing DDL and to a missing search parser; refuses primary without TRIGGER', () => {
    const mysql: Capabilities = {
      ...everything,
      transactionalDdl: false,
      fullText: null,
      deferrableTriggers: undefined,
      withoutFullText: 'no CJK full-text parser (Mroonga or ngram): keyword searches scan the table',
    };
    expect(judgeCapabilities(MYSQL, false, mysql)).toEqual({
      refuse: [],
      adapt: [expect.stringMatching(/journalled/), expect.stringMatching(/scan the table/)],
    });
    expect(judgeCapabilities(MYSQL, true, { ...mysql, triggers: false }).refuse).toEqual([
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
    expect(judgeCapabilities(PG, true, unknown).refuse).toEqual([]);
  });
});
