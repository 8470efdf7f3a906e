import type { Knex } from 'knex';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { physicalTableExists } from '../../dialects/physical-tables';
import type { TableBody } from '../../schemas/table-body';
import { planTableCreate } from '../ddl/plan-table-change';
import { runSchemaChange, type SchemaChangeHooks } from '../ddl/run-schema-change';
import { withSchemaChange } from '../ddl/schema-lock';
import { ErrorBag } from './error-bag';
import { indexDeletedFlag } from './index-deleted-flag';
import { loadValidationContext } from './load-validation-context';
import { tableDefFromBody } from './table-def-from-body';
import { validateTableDef } from './validate-table-def';
import { withSchemaEvents } from '../webhooks/append-schema-events';
import { readSchemaItems } from './schema-items';
import { insertTableMetadata } from './write-table-metadata';

/**
 * POST /api/metadata/tables: validates the table (names before any query), then creates the
 * physical table with its indexes and search index and stores the metadata, together. A `reverse`
 * table describes a physical table that exists already: only metadata is stored. Returns the id.
 */
export const createTable = async (
  knex: Knex,
  body: TableBody,
  hooks: SchemaChangeHooks = {},
): Promise<number> => {
  const errors = new ErrorBag();
  const table = indexDeletedFlag(tableDefFromBody(body, errors));
  validateTableDef(table, {}, errors);
  errors.throwIfAny();

  return withSchemaChange(knex, async () => {
    validateTableDef(table, await loadValidationContext(knex), errors);
    errors.throwIfAny();
    const exists = await physicalTableExists(knex, table.tableName);
    if (exists && !table.reverse) {
      throw new ApiException('CONFLICT', metadataMessage('physicalTableExists', { name: table.tableName }), {
        tableName: metadataMessage('physicalTableExists', { name: table.tableName }),
      });
    }
    if (!exists && table.reverse) {
      throw new ApiException('VALIDATION_ERROR', undefined, {
        tableName: metadataMessage('physicalTableMissing', { name: table.tableName }),
      });
    }
    return runSchemaChange(
      knex,
      {
        ops: table.reverse ? [] : planTableCreate(table),
        writeMetadata: (meta) =>
          withSchemaEvents(
            meta,
            (id) => readSchemaItems(meta, { tables: id === undefined ? [] : [id] }),
            () => insertTableMetadata(meta, table, Date.now()),
          ),
      },
      hooks,
    );
  });
};
