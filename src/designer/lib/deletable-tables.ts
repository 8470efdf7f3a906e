import type { Table } from '../../../contract';

export interface DeletableTables {
  /** Ids of the selected tables that may be deleted. */
  ids: number[];
  /** How many selected tables are system tables (never deleted). */
  skipped: number;
}

/** System tables (systemable) cannot be deleted: a batch delete skips them. */
export const deletableTables = (selected: readonly Pick<Table, 'id' | 'systemable'>[]): DeletableTables => {
  const ids: number[] = [];
  let skipped = 0;
  for (const table of selected) {
    if (table.systemable) skipped += 1;
    else if (typeof table.id === 'number') ids.push(table.id);
  }
  return { ids, skipped };
};
