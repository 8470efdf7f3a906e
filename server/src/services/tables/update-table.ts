import type { Knex } from 'knex';
import { dialectOf } from '../../db/dialect';
import { physicalTableExists, physicalViewExists } from '../../dialects/physical-tables';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { systemTableMessage } from '../../i18n/system-table-messages';
import type { TableBody } from '../../schemas/table-body';
import { planTableChange } from '../ddl/plan-table-change';
import { runSchemaChange, type SchemaChangeHooks } from '../ddl/run-schema-change';
import { withSchemaChange } from '../ddl/schema-lock';
import { ErrorBag } from './error-bag';
import { indexDeletedFlag } from './index-deleted-flag';
import { loadTable } from './load-table';
import { loadValidationContext } from './load-validation-context';
import { mergeTableBody, tableDefFromStored } from './table-def-from-body';
import { validateTableDef } from './validate-table-def';
import { withSchemaEvents } from '../webhooks/append-schema-events';
import { readSchemaItems } from './schema-items';
import { updateTableMetadata } from './write-table-metadata';

export interface UpdateTableOptions {
  /** The request accepts losing data (`?confirmDataLoss=true`). */
  confirmDataLoss?: boolean;
  hooks?: SchemaChangeHooks;
}

/** Whether the `lastModifiedDate` a client read (when it sends one) is older than the stored one. */
const isStale = (read: number | null | undefined, stored: number): boolean =>
  read !== undefined && read !== null && read < stored;

/**
 * PATCH /api/metadata/tables/{id}: merges the body into the stored table, validates the result,
 * plans the schema change (old vs new definition), refuses it with 409 if it would lose data
 * unless confirmed, and applies DDL and metadata together. 404 for an unknown id; 409 for a
 * system table (crudboard maintains those), and for a body whose `lastModifiedDate` is older than
 * the stored one (the table changed since the client read it).
 */
export const updateTable = async (
  knex: Knex,
  id: number,
  body: TableBody,
  options: UpdateTableOptions = {},
): Promise<void> =>
  withSchemaChange(knex, async () => {
    const stored = await loadTable(knex, id);
    const existing = tableDefFromStored(stored);
    if (existing.systemable) {
      throw new ApiException('CONFLICT', systemTableMessage('systemTableChange', { name: existing.name }));
    }
    // Read under the schema lock, so another edit (on any server) cannot slip in after the check.
    if (isStale(body.lastModifiedDate, stored.lastModifiedDate)) {
      throw new ApiException('CONFLICT', metadataMessage('tableChangedMeanwhile', { name: existing.name }));
    }
    const errors = new ErrorBag();
    const next = indexDeletedFlag(mergeTableBody(existing, body, errors));
    validateTableDef(next, { existing }, errors);
    errors.throwIfAny();
    validateTableDef(next, { existing, ...(await loadValidationContext(knex)) }, errors);
    errors.throwIfAny();

    const renamed = next.tableName.toLowerCase() !== existing.tableName.toLowerCase();
    if (renamed && (await physicalTableExists(knex, next.tableName))) {
      throw new ApiException('CONFLICT', metadataMessage('physicalTableExists', { name: next.tableName }), {
        tableName: metadataMessage('physicalTableExists', { name: next.tableName }),
      });
    }
    const plan = planTableChange(existing, next, dialectOf(knex));
    if (plan.ops.length > 0 && existing.reverse && (await physicalViewExists(knex, existing.tableName))) {
      throw new ApiException(
        'VALIDATION_ERROR',
        metadataMessage('viewSchemaChange', { name: existing.tableName }),
        { columns: metadataMessage('viewSchemaChange', { name: existing.tableName }) },
      );
    }
    await runSchemaChange(
      knex,
      {
        ops: plan.ops,
        checks: plan.checks,
        confirmDataLoss: options.confirmDataLoss ?? false,
        old: existing,
        next,
        // Later than the stored stamp, always: an edit made from the previous state is told apart.
        writeMetadata: (meta) =>
          withSchemaEvents(
            meta,
            () => readSchemaItems(meta, { tables: [id] }),
            () =>
              updateTableMetadata(meta, existing, next, Math.max(Date.now(), stored.lastModifiedDate + 1)),
          ),
      },
      options.hooks,
    );
  });
