import type { Knex } from 'knex';
import type { MetaDb } from '../db/metadata-home';
import { META } from '../db/table-names';

const scoped = (meta: MetaDb, table: string, alias?: string): Knex.QueryBuilder =>
  meta.db(alias ? `${table} as ${alias}` : table).where(`${alias ?? table}.dataSource`, meta.dataSource);

/** `cb_meta_table` rows of the data source (optionally aliased). */
export const tablesOf = (meta: MetaDb, alias?: string): Knex.QueryBuilder => scoped(meta, META.table, alias);

/** `cb_meta_sequence` rows of the data source. */
export const sequencesOf = (meta: MetaDb, alias?: string): Knex.QueryBuilder =>
  scoped(meta, META.sequence, alias);

/** `cb_meta_relation` rows of the data source. */
export const relationsOf = (meta: MetaDb, alias?: string): Knex.QueryBuilder =>
  scoped(meta, META.relation, alias);

/** A table, sequence or relation row to insert, naming the data source. */
export const inSource = <T extends object>(meta: MetaDb, row: T): T & { dataSource: string } => ({
  ...row,
  dataSource: meta.dataSource,
});

/** The ids of the data source's tables (a subquery). */
export const tableIdsOf = (meta: MetaDb): Knex.QueryBuilder => tablesOf(meta).select('id');
