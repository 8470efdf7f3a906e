import type { Knex } from 'knex';
import type { StoredTable } from '../metadata-rows';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { itemTableCache } from './load-item-table';
import { mapDbError } from './map-db-error';
import { writeChildren } from './write-children';

/** An items write in progress: one transaction, one clock reading, the tables it reached. */
export interface WriteContext extends ItemContext {
  db: Knex.Transaction;
  now: Date;
  /** A table reached through a relation, loaded inside the transaction (once). */
  tableById(id: number): Promise<ItemTable>;
  /**
   * Writes the children given under a relation of a record just written (write-children.ts);
   * handed to the record writers here so that they and the child writer do not import each other.
   */
  writeChildren: typeof writeChildren;
}

/**
 * Runs a write in one transaction: everything or nothing, ending with the `beforeCommit` hooks of
 * the tables it reached (crudboard's own: a super admin remains). A constraint violation of the
 * database becomes the 409 / 400 it stands for, naming the column when the driver says which.
 */
export const runWrite = async <T>(
  context: ItemContext,
  item: ItemTable,
  work: (write: WriteContext) => Promise<T>,
): Promise<T> => {
  const reached = new Map<number, StoredTable>([[item.table.id, item.table]]);
  try {
    return await context.db.transaction(async (trx) => {
      const load = itemTableCache(trx);
      const write: WriteContext = {
        ...context,
        db: trx,
        now: new Date(),
        tableById: async (id) => {
          const table = await load(id);
          reached.set(id, table.table);
          return table;
        },
        writeChildren,
      };
      const result = await work(write);
      await write.hooks.runBeforeCommit({ write, tables: [...reached.values()] });
      return result;
    });
  } catch (error) {
    throw mapDbError(error, [...reached.values()]) ?? error;
  }
};
