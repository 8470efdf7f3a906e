import type { Knex } from 'knex';
import { CACHE_VERSION_TABLE } from '../../dialects/cache-version/cache-version';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { dialectOf } from '../dialect';
import { META } from '../table-names';
import { ensureCacheVersionRows } from './cache-version-table';
import type { NamedMigration } from './named-migration';

/** The metadata tables the cached table definitions are read from (see write-versions.ts). */
export const METADATA_CACHE_TABLES = [META.table, META.column, META.index, META.indexLine, META.relation];

/**
 * PostgreSQL and MySQL, which several servers may share: `cb_cache_version` with its `metadata`
 * row, moved by triggers whenever a transaction changes table metadata, so that every server
 * drops its cached table definitions within a poll. SQLite: nothing.
 */
export const metadata006CacheVersions: NamedMigration = {
  name: 'metadata-006-cache-versions',
  async up(knex: Knex) {
    const dialect = sqlDialect(dialectOf(knex));
    if (!dialect.sharedByServers) return;
    await ensureCacheVersionRows(knex, ['metadata']);
    for (const table of METADATA_CACHE_TABLES) {
      await dialect.trackCacheVersion(knex, table, 'metadata', ['insert', 'update', 'delete']);
    }
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists(CACHE_VERSION_TABLE);
  },
};
