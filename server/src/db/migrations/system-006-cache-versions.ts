import type { Knex } from 'knex';
import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { dialectOf } from '../dialect';
import { SYSTEM } from '../table-names';
import { ensureCacheVersionRows } from './cache-version-table';
import type { NamedMigration } from './named-migration';

/** The tables signed-in users' principals and column rules are read from (see write-versions.ts). */
export const PRINCIPAL_CACHE_TABLES = [SYSTEM.user, SYSTEM.role, SYSTEM.userRole, SYSTEM.tablePermission];

/**
 * PostgreSQL and MySQL: the `principal` row of `cb_cache_version`, moved by any change of users,
 * roles, their links and table permissions, and the `session` row, moved by ended sessions (a
 * row of its own, so that sign-outs never wait on a long change of users). SQLite: nothing.
 */
export const system006CacheVersions: NamedMigration = {
  name: 'system-006-cache-versions',
  async up(knex: Knex) {
    const dialect = sqlDialect(dialectOf(knex));
    if (!dialect.sharedByServers) return;
    await ensureCacheVersionRows(knex, ['principal', 'session']);
    for (const table of PRINCIPAL_CACHE_TABLES) {
      await dialect.trackCacheVersion(knex, table, 'principal', ['insert', 'update', 'delete']);
    }
    await dialect.trackCacheVersion(knex, SYSTEM.session, 'session', ['delete']);
  },
  async down() {},
};
