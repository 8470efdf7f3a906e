import type { Knex } from 'knex';
import { dialectOf } from '../dialect';

/** createTable with the MySQL table options every crudboard table gets (InnoDB, utf8mb4). */
export const createTable = (
  knex: Knex,
  name: string,
  build: (table: Knex.CreateTableBuilder) => void,
): Knex.SchemaBuilder =>
  knex.schema.createTable(name, (table) => {
    if (dialectOf(knex) === 'mysql') {
      table.engine('InnoDB');
      table.charset('utf8mb4');
      table.collate('utf8mb4_unicode_ci');
    }
    build(table);
  });

/** Metadata timestamps: epoch milliseconds, as docs/api.md §0 sends them. */
export const epochTimestamps = (table: Knex.CreateTableBuilder): void => {
  table.bigInteger('createdDate').notNullable();
  table.bigInteger('lastModifiedDate').notNullable();
};

/** Record timestamps of system tables: DATETIME in the server's time zone, like business tables. */
export const dateTimeTimestamps = (table: Knex.CreateTableBuilder): void => {
  table.dateTime('createdDate', { useTz: false, precision: 0 }).notNullable();
  table.dateTime('lastModifiedDate', { useTz: false, precision: 0 }).notNullable();
};
