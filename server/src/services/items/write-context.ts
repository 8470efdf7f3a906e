import type { Knex } from 'knex';
import type { WriteHooks } from '../../extensions/write-hooks';
import type { StoredTable } from '../metadata-rows';
import { checkInvariants } from '../system-tables/record-guards';
import { CORE_WRITE_HOOKS } from '../system-tables/system-table-hooks';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { itemTableCache } from './load-item-table';
import { mapDbError } from './map-db-error';

/** An items write in progress: one transaction, one clock reading, the tables it reached. */
export interface WriteContext extends ItemContext {
  db: Knex.Transaction;
  now: Date;
  /** A table reached through a relation, loaded inside the transaction (once). */
  tableById(id: number): Promise<ItemTable>;
}

/** The hooks a write runs: its context's, else the core's. */
export const hooksOf = (write: WriteContext): WriteHooks => write.hooks ?? CORE_WRITE_HOOKS;

/** Nested writes and cascades stop this many levels below the record written. */
export const MAX_WRITE_DEPTH = 8;

/**
 * Runs a write in one transaction: everything or nothing, ending with the system tables'
 * invariants (a super admin remains). A constraint violation of the database
 * becomes the 409 / 400 it stands for, naming the column when the driver says which.
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
      };
      const result = await work(write);
      await checkInvariants(write, [...reached.values()]);
      return result;
    });
  } catch (error) {
    throw mapDbError(error, [...reached.values()]) ?? error;
  }
};
