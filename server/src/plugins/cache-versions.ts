import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { CACHE_VERSION_TABLE, type CacheScope } from '../dialects/cache-version/cache-version';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { bumpWriteVersion, type WriteScope } from '../db/write-versions';

/** How often each server reads `cb_cache_version`: another server's change is seen within about twice this. */
export const CACHE_VERSION_POLL_MS = 250;

/** The in-memory caches each row of `cb_cache_version` stands for. */
const CACHES: Record<CacheScope, WriteScope> = {
  metadata: 'metadata',
  principal: 'principal',
  session: 'principal',
};

interface Watched {
  name: string;
  /** Where the rows are read: primary's own small pool, so polls never queue behind data reads. */
  reader: Knex;
  /** Whose write versions are moved. */
  knex: Knex;
  seen: Map<string, string>;
  failing: boolean;
}

const readVersions = async (reader: Knex): Promise<Map<string, string>> => {
  const rows: { scope: string; version: unknown }[] = await reader(CACHE_VERSION_TABLE).select(
    'scope',
    'version',
  );
  return new Map(rows.map((row) => [row.scope, String(row.version)]));
};

/**
 * Cache coherence between servers sharing a database (PostgreSQL, MySQL): every
 * CACHE_VERSION_POLL_MS primary's `cb_cache_version` is read (one tiny select), and a
 * row whose version moved since the last read ends the matching in-memory caches
 * (`bumpWriteVersion`): table metadata, principals and column rules. Triggers move the rows in the
 * transactions that change what those caches hold, whichever server made them. A read that fails
 * is retried at the next tick; changes made meanwhile are still found then. SQLite: nothing.
 */
export default fp(
  async (app) => {
    const { primary } = app.dataSources;
    const watched: Watched[] = [];
    // Every data source's metadata lives in primary, so primary's rows stand for all of them.
    for (const source of [primary]) {
      if (!sqlDialect(source.client).sharedByServers) continue;
      const reader = source.auth;
      watched.push({
        name: source.name,
        reader,
        knex: source.knex,
        seen: await readVersions(reader),
        failing: false,
      });
      // Whatever was kept in memory before the first read (start-up) is read again.
      bumpWriteVersion(source.knex);
    }
    if (watched.length === 0) return;

    const poll = async (source: Watched) => {
      try {
        const now = await readVersions(source.reader);
        const moved = new Set<WriteScope>();
        for (const [scope, version] of now) {
          if (source.seen.get(scope) !== version && scope in CACHES) moved.add(CACHES[scope as CacheScope]);
        }
        source.seen = now;
        if (moved.size > 0) bumpWriteVersion(source.knex, [...moved]);
        if (source.failing) app.log.info({ dataSource: source.name }, 'cache versions readable again');
        source.failing = false;
      } catch (error) {
        if (!source.failing) {
          app.log.warn({ dataSource: source.name, err: error }, 'reading cache versions failed; retrying');
        }
        source.failing = true;
      }
    };

    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = Promise.all(watched.map(poll)).finally(() => {
        running = undefined;
      });
    }, CACHE_VERSION_POLL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'cache-versions', dependencies: ['db', 'bootstrap'] },
);
