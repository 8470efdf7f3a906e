import { CACHE_VERSION_TABLE, cacheVersionTrigger, type CacheVersionTriggers } from './cache-version';

const BUMP = 'cb_bump_cache_version';

/**
 * PostgreSQL: deferred constraint triggers, so the version row is written at commit, once per
 * scope and transaction (a transaction-local setting remembers it), and held only while the
 * transaction commits: writers of different rows never wait on each other for it. The function
 * runs with its owner's rights and a fixed search path, its table named with its schema.
 */
export const pgCacheVersion: CacheVersionTriggers = {
  async track(db, table, scope, events) {
    const { rows } = (await db.raw('SELECT current_schema() AS s')) as { rows: { s: string }[] };
    const versions = db.raw('??.??', [rows[0]?.s ?? 'public', CACHE_VERSION_TABLE]).toQuery();
    const fn = db.raw('??.??', [rows[0]?.s ?? 'public', BUMP]).toQuery();
    await db.raw(
      `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
       BEGIN
         IF current_setting('crudboard.cache_bumped_' || TG_ARGV[0], true) IS DISTINCT FROM 'on' THEN
           UPDATE ${versions} SET version = version + 1 WHERE scope = TG_ARGV[0];
           PERFORM set_config('crudboard.cache_bumped_' || TG_ARGV[0], 'on', true);
         END IF;
         RETURN NULL;
       END $$`,
    );
    const on = events.map((event) => event.toUpperCase()).join(' OR ');
    await db.raw(
      `CREATE CONSTRAINT TRIGGER ?? AFTER ${on} ON ?? DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${fn}(${db.raw('?', [scope]).toQuery()})`,
      [cacheVersionTrigger(table), table],
    );
  },
};
