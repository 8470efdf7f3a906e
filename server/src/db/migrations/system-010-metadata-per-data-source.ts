import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

const UNIQUE_NAMES: readonly [string, string][] = [
  [META.table, 'name'],
  [META.table, 'pluralName'],
  [META.table, 'tableName'],
  [META.sequence, 'name'],
];

/**
 * The metadata of every data source lives in `primary`: tables, sequences and relations name their
 * data source (`primary` for the existing ones; columns, indexes and their lines belong to a table),
 * and what was unique per database is unique per data source. Other data sources' metadata is
 * moved here at start-up (`moveSourceMetadata`).
 */
export const system010MetadataPerDataSource: NamedMigration = {
  name: 'system-010-metadata-per-data-source',
  async up(knex) {
    for (const table of [META.table, META.sequence, META.relation]) {
      await knex.schema.alterTable(table, (t) => {
        t.string('dataSource', 64).notNullable().defaultTo('primary');
      });
    }
    for (const [table, column] of UNIQUE_NAMES) {
      await knex.schema.alterTable(table, (t) => {
        t.dropUnique([column]);
        t.unique(['dataSource', column]);
      });
    }
    await knex.schema.alterTable(META.relation, (t) => {
      t.index(['dataSource']);
    });
  },
  async down(knex) {
    for (const table of [META.relation, META.table, META.sequence])
      await knex(table).whereNot('dataSource', 'primary').delete();
    await knex.schema.alterTable(META.relation, (t) => {
      t.dropIndex(['dataSource']);
    });
    for (const [table, column] of UNIQUE_NAMES) {
      await knex.schema.alterTable(table, (t) => {
        t.dropUnique(['dataSource', column]);
        t.unique([column]);
      });
    }
    for (const table of [META.table, META.sequence, META.relation]) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('dataSource');
      });
    }
  },
};
