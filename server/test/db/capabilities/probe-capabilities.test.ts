import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../../../src/db/create-knex';
import { judgeCapabilities } from '../../../src/db/capabilities/capability-verdict';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { probeCapabilities } from '../../../src/db/capabilities/probe-capabilities';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';

describeEachDatabase(
  'the start-up capability probe on a real database ($name)',
  (db) => {
    let env: TestEnvironment;
    let knex: Knex;
    beforeAll(async () => {
      env = await db.create();
      const [primary] = env.config().dataSources;
      if (!primary) throw new Error('no primary');
      knex = createKnex(primary);
    });
    afterAll(async () => {
      await knex?.destroy();
      await env?.drop();
    });

    it('finds locks that lock and what the engine offers, and leaves nothing behind', async () => {
      const found = await probeCapabilities(knex);
      expect(found.locksLock).toBe(true);
      if (db.name === 'pg') {
        expect(found).toEqual({
          locksLock: true,
          transactionalDdl: true,
          triggers: true,
          deferrableTriggers: true,
          fullText: 'pg_trgm',
          withoutFullText: expect.stringMatching(/pg_trgm/),
        });
        const { rows } = (await knex.raw(
          `SELECT count(*)::int AS n FROM pg_catalog.pg_locks
            WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())`,
        )) as { rows: { n: number }[] };
        expect(rows[0]?.n).toBe(0);
      } else {
        expect(found.transactionalDdl).toBe(false);
        expect(found.triggers).toBe(true);
      }
      expect(judgeCapabilities(sqlDialect(db.name), true, found).refuse).toEqual([]);
    });
  },
  (db) => db.name !== 'sqlite',
);
