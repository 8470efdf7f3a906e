import type { Knex } from 'knex';
import type { TableSchemaState } from '../../../../contract/schema-state';
import { introspectionFor } from '../../dialects/introspection/introspection-for';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { SchemaRepairError } from '../ddl/recover-schema-changes';
import { journalEntries } from '../ddl/schema-journal';
import { repairSchemaChanges } from '../ddl/schema-lock';
import { loadTable } from './load-table';

/** Names in `a` that `b` lacks, ignoring case (as the databases compare column names). */
const without = (a: readonly string[], b: readonly string[]) => {
  const lower = new Set(b.map((name) => name.toLowerCase()));
  return a.filter((name) => !lower.has(name.toLowerCase()));
};

/**
 * Whether a table's metadata and its physical table agree (the designer shows it): the columns
 * the metadata lists that the table lacks, those it has beyond them, and whether a schema change
 * of it was left half-applied by a server that stopped (its journal entry is still there).
 */
export const tableSchemaState = async (knex: Knex, id: number): Promise<TableSchemaState> => {
  const table = await loadTable(knex, id);
  const listed = table.columns.map((column) => column.name);
  const physical = (await introspectionFor(knex).columns(knex, table.tableName)).map((column) => column.name);
  const name = table.tableName.toLowerCase();
  const unfinishedChange = (await journalEntries(knex)).some((entry) =>
    entry.tables.some((touched) => touched.toLowerCase() === name),
  );
  const missingColumns = without(listed, physical);
  return {
    inStep: missingColumns.length === 0 && !unfinishedChange,
    unfinishedChange,
    missingColumns,
    extraColumns: without(physical, listed),
  };
};

/**
 * The designer's repair: under the schema lock, finishes or takes back every schema change a
 * stopped server left half-applied on the table's data source, then says how the table stands.
 * 409 with the reason when one cannot be repaired (yet).
 */
export const repairTableSchema = async (knex: Knex, id: number): Promise<TableSchemaState> => {
  const table = await loadTable(knex, id);
  try {
    await repairSchemaChanges(knex);
  } catch (error) {
    if (!(error instanceof SchemaRepairError)) throw error;
    throw new ApiException(
      'CONFLICT',
      metadataMessage('schemaRepairFailed', {
        name: error.tables.join(', ') || table.tableName,
        reason: String((error.cause as Error)?.message ?? error.cause),
      }),
    );
  }
  return tableSchemaState(knex, id);
};
