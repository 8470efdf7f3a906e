import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseListQuery } from '../../query/parse-list-query';
import { exportRecords } from '../export/export-records';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { isReadable } from '../items/to-record';

/** The list query of a whole-table export: every readable column, no relations, in key order. */
const wholeTable = (item: ItemTable) =>
  parseListQuery(
    {
      select: item.table.columns
        .filter(isReadable)
        .map((column) => column.name)
        .join(','),
      ...(item.keys.length > 0 ? { orderby: item.keys.map((key) => `${key.name} ASC`).join(',') } : {}),
    },
    item.query,
  );

/**
 * `POST /api/business/export`: the records of several tables streamed into one JSON file
 * `{"<table>": [records]}` (the shape `POST /api/business/import` takes), batch by batch from the
 * database, so memory stays flat. Records hold the readable columns as the API sends them.
 */
export const exportTables = async (
  context: ItemContext,
  items: readonly ItemTable[],
  path: string,
): Promise<number> => {
  const out = createWriteStream(path, { flags: 'wx' });
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  let count = 0;
  try {
    await write('{');
    for (const [i, item] of items.entries()) {
      await write(`${i > 0 ? ',' : ''}\n${JSON.stringify(item.table.name)}: [`);
      let written = 0;
      for await (const batch of exportRecords(context, item, wholeTable(item), context.db)) {
        const text = batch
          .map((record, j) => `${written + j > 0 ? ',' : ''}\n  ${JSON.stringify(record)}`)
          .join('');
        written += batch.length;
        await write(text);
      }
      count += written;
      await write('\n]');
    }
    await write('\n}\n');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
};
