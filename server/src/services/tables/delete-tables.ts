import type { Knex } from 'knex';
import { physicalTableExists, physicalViewExists, referencingTables } from '../../dialects/physical-tables';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { listTables } from '../metadata-store';
import type { StoredTable } from '../metadata-rows';
import { fullTextTarget } from '../ddl/physical-objects';
import { planTableDrop } from '../ddl/plan-table-change';
import { runSchemaChange, type SchemaChangeHooks } from '../ddl/run-schema-change';
import type { SchemaOp } from '../../model/schema-op';
import { withSchemaChange } from '../ddl/schema-lock';
import { tableDefFromStored } from './table-def-from-body';
import { withSchemaEvents } from '../webhooks/append-schema-events';
import { readSchemaItems } from './schema-items';
import { deleteTableMetadata } from './write-table-metadata';

export interface DeleteTablesOptions {
  /** Also drop the physical tables (`isDropPhysicalTable=true`). */
  dropPhysical?: boolean;
  hooks?: SchemaChangeHooks;
}

/**
 * DELETE /api/metadata/tables: deletes the metadata of the tables (with their columns, indexes and
 * every relation from or to them) and, when asked, drops the physical tables. 404 if an id is
 * unknown. System tables are never deleted: when all selected tables are system tables the
 * request is refused (409), otherwise they are skipped. A physical table that other tables'
 * foreign keys reference is not dropped (409).
 */
export const deleteTables = async (
  knex: Knex,
  ids: readonly number[],
  options: DeleteTablesOptions = {},
): Promise<void> =>
  withSchemaChange(knex, async () => {
    const unique = [...new Set(ids)];
    const tables = await listTables(knex, unique);
    if (tables.length !== unique.length) throw new ApiException('NOT_FOUND');
    const targets = tables.filter((table) => !table.systemable);
    if (targets.length === 0) throw new ApiException('CONFLICT', metadataMessage('systemTableDelete'));

    const ops: SchemaOp[] = [];
    if (options.dropPhysical) {
      const names = new Set(targets.map((table) => table.tableName.toLowerCase()));
      const pending = new Map<StoredTable, string[]>();
      for (const table of targets) {
        if (!(await physicalTableExists(knex, table.tableName))) continue;
        if (await physicalViewExists(knex, table.tableName)) {
          throw new ApiException('CONFLICT', metadataMessage('viewDrop', { name: table.tableName }));
        }
        const by = await referencingTables(knex, table.tableName);
        const outside = by.filter((name) => !names.has(name.toLowerCase()));
        if (outside.length > 0) {
          throw new ApiException(
            'CONFLICT',
            metadataMessage('tableReferenced', { name: table.tableName, by: outside.join(', ') }),
          );
        }
        pending.set(
          table,
          by.map((name) => name.toLowerCase()),
        );
      }
      // Referencing tables are dropped before the tables they reference.
      while (pending.size > 0) {
        const remaining = new Set([...pending.keys()].map((table) => table.tableName.toLowerCase()));
        const free = [...pending.entries()].filter(([, by]) => !by.some((name) => remaining.has(name)));
        for (const [table] of free.length > 0 ? free : [...pending.entries()]) {
          ops.push(...planTableDrop(tableDefFromStored(table)));
          pending.delete(table);
        }
      }
    }
    if (!options.dropPhysical) {
      // A reversed table keeps nothing crudboard added to it: its search index goes with the metadata.
      for (const table of targets) {
        const target = table.reverse ? fullTextTarget(tableDefFromStored(table)) : undefined;
        if (target && (await physicalTableExists(knex, table.tableName)))
          ops.push({ kind: 'dropFullText', target });
      }
    }
    await runSchemaChange(
      knex,
      {
        ops,
        writeMetadata: (meta) => {
          const ids = targets.map((table) => table.id);
          return withSchemaEvents(
            meta,
            () => readSchemaItems(meta, { tables: ids }),
            () => deleteTableMetadata(meta, ids),
          );
        },
      },
      options.hooks,
    );
  });
