import type { Knex } from 'knex';
import { expect } from 'vitest';
import { CACHE_VERSION_TABLE } from '../../src/dialects/cache-version/cache-version';
import { META, SYSTEM } from '../../src/db/table-names';
import { useTestApps } from '../helpers/test-app';
import { describeEachDatabase, itOn } from '../helpers/test-databases';

interface Versions {
  metadata: number;
  principal: number;
  session: number;
}

const versions = async (knex: Knex): Promise<Versions> => {
  const rows: { scope: string; version: unknown }[] = await knex(CACHE_VERSION_TABLE).select(
    'scope',
    'version',
  );
  const of = (scope: string) => Number(rows.find((row) => row.scope === scope)?.version ?? Number.NaN);
  return { metadata: of('metadata'), principal: of('principal'), session: of('session') };
};

describeEachDatabase('cb_cache_version and its triggers ($name)', (db) => {
  const apps = useTestApps(db);
  const on = itOn(db, 'pg', 'mysql');

  on('has a metadata, principal and session row in primary', async () => {
    const app = await apps.build();
    const rows: { scope: string }[] = await app.dataSources.primary.knex(CACHE_VERSION_TABLE).select('scope');
    expect(rows.map((row) => row.scope).sort()).toEqual(['metadata', 'principal', 'session']);
  });

  on(
    'moves a scope when a transaction changing its tables commits, not before, and not on rollback',
    async () => {
      const app = await apps.build();
      const { knex } = app.dataSources.primary;
      const before = await versions(knex);

      const trx = await knex.transaction();
      await trx(SYSTEM.role).update({ permissions: 'business:x:read' }).where('code', 'ROLE_SUPER_ADMIN');
      await trx(SYSTEM.role).update({ permissions: '' }).where('code', 'ROLE_SUPER_ADMIN');
      // Another connection sees nothing yet: the change is not committed.
      expect((await versions(knex)).principal).toBe(before.principal);
      await trx.commit();
      const committed = await versions(knex);
      expect(committed.principal).toBeGreaterThan(before.principal);
      expect(committed.metadata).toBe(before.metadata);
      expect(committed.session).toBe(before.session);

      await expect(
        knex.transaction(async (inner) => {
          await inner(SYSTEM.role).update({ permissions: 'x' }).where('code', 'ROLE_SUPER_ADMIN');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await versions(knex)).principal).toBe(committed.principal);
    },
  );

  itOn(db, 'pg')(
    'moves once per transaction and scope, however many rows it changed (PostgreSQL)',
    async () => {
      const app = await apps.build();
      const { knex } = app.dataSources.primary;
      const before = await versions(knex);
      await knex.transaction(async (trx) => {
        for (let i = 0; i < 5; i += 1) {
          await trx(SYSTEM.role)
            .update({ permissions: `p${i}` })
            .where('code', 'ROLE_SUPER_ADMIN');
        }
        await trx(META.table).update({ caption: trx.ref('caption') });
      });
      const after = await versions(knex);
      expect(after.principal).toBe(before.principal + 1);
      expect(after.metadata).toBe(before.metadata + 1);
    },
  );

  on('moves session on an ended session only; extending one changes nothing', async () => {
    const app = await apps.build();
    const { knex } = app.dataSources.primary;
    const now = Date.now();
    const user = await knex(SYSTEM.user).first('id');
    await knex(SYSTEM.session).insert({
      tokenHash: 'a'.repeat(64),
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + 60_000,
    });
    const before = await versions(knex);
    await knex(SYSTEM.session).update({ lastSeenAt: now + 1, expiresAt: now + 120_000 });
    expect(await versions(knex)).toEqual(before);
    await knex(SYSTEM.session).where('tokenHash', 'a'.repeat(64)).delete();
    const after = await versions(knex);
    expect(after.session).toBeGreaterThan(before.session);
    expect(after.principal).toBe(before.principal);
  });

  on('moves metadata when table metadata changes, whoever writes it', async () => {
    const app = await apps.build();
    const { knex } = app.dataSources.primary;
    const before = await versions(knex);
    await knex(META.table).update({ caption: knex.ref('caption') });
    expect((await versions(knex)).metadata).toBeGreaterThan(before.metadata);
  });

  itOn(db, 'sqlite')('is not there on SQLite (a SQLite file belongs to one server)', async () => {
    const app = await apps.build();
    expect(await app.dataSources.primary.knex.schema.hasTable(CACHE_VERSION_TABLE)).toBe(false);
  });
});
