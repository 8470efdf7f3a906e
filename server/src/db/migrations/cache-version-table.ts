import type { Knex } from 'knex';
import { CACHE_VERSION_TABLE, type CacheScope } from '../../dialects/cache-version/cache-version';
import { createTable } from './create-table';

/** Creates `cb_cache_version` unless it exists, and its rows for `scopes` unless they exist. */
export const ensureCacheVersionRows = async (knex: Knex, scopes: readonly CacheScope[]): Promise<void> => {
  if (!(await knex.schema.hasTable(CACHE_VERSION_TABLE))) {
    await createTable(knex, CACHE_VERSION_TABLE, (t) => {
      t.string('scope', 32).primary();
      t.bigInteger('version').notNullable().defaultTo(0);
    });
  }
  for (const scope of scopes) {
    await knex(CACHE_VERSION_TABLE).insert({ scope, version: 0 }).onConflict('scope').ignore();
  }
};
