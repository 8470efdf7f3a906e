import { setImmediate as nextTurn } from 'node:timers/promises';
import { ApiException } from '../../errors/api-exception';
import type { Localized } from '../../i18n/messages';
import { importMessage } from '../../i18n/import-messages';
import type { ItemContext } from '../items/item-context';
import { isToOne, type ItemTable } from '../items/item-table';
import { isPlainObject } from '../items/record-payload';
import { runWrite } from '../items/write-context';
import { ImportFailed, ImportReport } from './import-report';
import { ImportRow } from './import-row';
import { IMPORT_BATCH, importBatch } from './import-rows';
import type { KeyMaps } from './resolve-relations';
import { tableOrder } from './table-order';

const bad = (message: Localized) => new ApiException('VALIDATION_ERROR', message, { file: message });

/** The `{"<table>": [records]}` of a multi-table import file; anything else is a 400. */
export const parseTablesFile = (text: string): [string, unknown[]][] => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw bad(importMessage('notJson', { reason: (error as Error).message.slice(0, 200) }));
  }
  if (!isPlainObject(data)) throw bad(importMessage('jsonShape'));
  const entries = Object.entries(data);
  if (entries.length === 0 || entries.some(([, records]) => !Array.isArray(records))) {
    throw bad(importMessage('jsonShape'));
  }
  return entries as [string, unknown[]][];
};

/**
 * `POST /api/business/import`: the records of several tables in ONE transaction. Tables go parents
 * first (their ManyToOne / SubToMain relations define the order; a cycle is a 400), each record
 * through the create path (or the update path when its key is stored already). Auto-increment
 * records get new keys, and later records' references to the keys the file gave them follow.
 * Relation values may be keys or display values, as in the sheet import. Any bad record rolls
 * everything back with the full report.
 */
export const importTables = async (
  context: ItemContext,
  tables: readonly { item: ItemTable; records: readonly unknown[] }[],
): Promise<ImportReport> => {
  const seen = new Set<number>();
  for (const { item } of tables) {
    if (seen.has(item.table.id)) {
      throw bad(importMessage('repeatedTable', { name: item.table.name }));
    }
    seen.add(item.table.id);
  }
  const ordered = tableOrder(
    tables.map((entry) => ({
      ...entry,
      id: entry.item.table.id,
      name: entry.item.table.name,
      parents: entry.item.relations.filter(isToOne).map((relation) => relation.toTable.id),
    })),
  );
  if (ordered.cycle) {
    throw bad(
      importMessage('relationCycle', { tables: ordered.cycle.map((entry) => entry.name).join(', ') }),
    );
  }
  const [first] = ordered.order;
  if (!first) throw bad(importMessage('jsonShape'));

  return runWrite(context, first.item, async (write) => {
    const report = new ImportReport();
    const keyMaps: KeyMaps = new Map();
    for (const { item, records } of ordered.order) {
      // Loaded in the transaction: the system tables' invariants are checked for it at the end.
      const table = await write.tableById(item.table.id);
      for (let start = 0; start < records.length; start += IMPORT_BATCH) {
        const rows = records.slice(start, start + IMPORT_BATCH).map((record, i) => {
          const row = new ImportRow(start + i + 1, isPlainObject(record) ? { ...record } : {});
          if (!isPlainObject(record)) row.fail(undefined, importMessage('notRecord'));
          return row;
        });
        await importBatch(write, table, rows, report, { table: table.table.name, keyMaps });
        // Other requests run between batches (on SQLite they read the last committed state).
        await nextTurn();
      }
    }
    if (report.failedRows > 0) throw new ImportFailed(report);
    return report;
  });
};
