import type { Knex } from 'knex';
import { META } from '../table-names';
import { createTable, epochTimestamps } from './create-table';
import type { NamedMigration } from './named-migration';

const reference = (table: Knex.CreateTableBuilder, column: string, target: string, onDelete: string) =>
  table.integer(column).unsigned().references('id').inTable(target).onDelete(onDelete);

/**
 * Metadata of one data source (docs/api.md §2.1–2.3): tables, columns, indexes and their lines,
 * sequences, relations. Timestamps are epoch milliseconds; booleans are BOOLEAN (0/1 on SQLite
 * and MySQL). Names are unique per parent here; case-insensitive uniqueness is the services' job.
 */
export const metadata001Tables: NamedMigration = {
  name: 'metadata-001-tables',
  async up(knex) {
    await createTable(knex, META.sequence, (t) => {
      t.increments('id');
      t.string('name', 64).notNullable().unique();
      t.string('caption', 200);
      t.text('description');
      t.string('sequenceType', 16).notNullable();
      t.boolean('currentTime').notNullable().defaultTo(false);
      t.string('format', 200);
      t.bigInteger('minValue');
      t.bigInteger('maxValue');
      t.bigInteger('nextValue');
      t.bigInteger('incrementBy');
      t.boolean('cycle').notNullable().defaultTo(false);
      epochTimestamps(t);
    });

    await createTable(knex, META.table, (t) => {
      t.increments('id');
      t.string('name', 64).notNullable().unique();
      t.string('pluralName', 64).unique();
      t.string('tableName', 64).notNullable().unique();
      t.string('caption', 200);
      t.text('description');
      t.string('engine', 32);
      t.boolean('reverse').notNullable().defaultTo(false);
      t.boolean('systemable').notNullable().defaultTo(false);
      t.boolean('readOnly').notNullable().defaultTo(false);
      epochTimestamps(t);
    });

    await createTable(knex, META.column, (t) => {
      t.increments('id');
      reference(t, 'tableId', META.table, 'CASCADE').notNullable();
      t.string('name', 64).notNullable();
      t.string('caption', 200);
      t.text('description');
      t.integer('displayOrder').notNullable().defaultTo(0);
      t.string('dataType', 32).notNullable();
      t.integer('length');
      t.integer('precision');
      t.integer('scale');
      t.boolean('unsigned').notNullable().defaultTo(false);
      t.string('indexType', 16);
      t.string('indexStorage', 16);
      t.string('indexName', 64);
      t.boolean('autoIncrement').notNullable().defaultTo(false);
      reference(t, 'seqId', META.sequence, 'RESTRICT');
      t.boolean('nullable').notNullable().defaultTo(true);
      t.string('defaultValue', 1000);
      t.boolean('insertable').notNullable().defaultTo(true);
      t.boolean('updatable').notNullable().defaultTo(true);
      t.boolean('queryable').notNullable().defaultTo(false);
      t.boolean('displayable').notNullable().defaultTo(false);
      t.boolean('systemable').notNullable().defaultTo(false);
      t.boolean('multipleValue').notNullable().defaultTo(false);
      epochTimestamps(t);
      t.unique(['tableId', 'name']);
      t.index(['seqId']);
    });

    await createTable(knex, META.index, (t) => {
      t.increments('id');
      reference(t, 'tableId', META.table, 'CASCADE').notNullable();
      t.string('name', 64).notNullable();
      t.string('caption', 200);
      t.text('description');
      t.string('indexType', 16).notNullable();
      t.string('indexStorage', 16);
      epochTimestamps(t);
      t.unique(['tableId', 'name']);
    });

    await createTable(knex, META.indexLine, (t) => {
      t.increments('id');
      reference(t, 'indexId', META.index, 'CASCADE').notNullable();
      reference(t, 'columnId', META.column, 'CASCADE').notNullable();
      t.integer('displayOrder').notNullable().defaultTo(0);
      t.unique(['indexId', 'columnId']);
      t.index(['columnId']);
    });

    await createTable(knex, META.relation, (t) => {
      t.increments('id');
      t.string('name', 64).notNullable();
      t.string('caption', 200);
      t.text('description');
      t.string('relationType', 32).notNullable();
      reference(t, 'fromTableId', META.table, 'CASCADE').notNullable();
      reference(t, 'toTableId', META.table, 'CASCADE').notNullable();
      reference(t, 'fromColumnId', META.column, 'CASCADE').notNullable();
      reference(t, 'toColumnId', META.column, 'CASCADE').notNullable();
      epochTimestamps(t);
      t.unique(['fromTableId', 'name']);
      t.index(['toTableId']);
      t.index(['fromColumnId']);
      t.index(['toColumnId']);
    });
  },
  async down(knex) {
    for (const name of [META.relation, META.indexLine, META.index, META.column, META.table, META.sequence]) {
      await knex.schema.dropTableIfExists(name);
    }
  },
};
