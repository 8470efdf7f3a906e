/** A table of a multi-table import and the tables its records point at (ManyToOne / SubToMain). */
export interface OrderedTable {
  id: number;
  name: string;
  parents: readonly number[];
}

/**
 * The import order of tables: every table after the tables it points at (parents first), the
 * file's order kept where relations leave it free. A table pointing at itself is fine (its rows
 * go in file order); a cycle between tables has no order: its tables are returned as `cycle`.
 */
export const tableOrder = <T extends OrderedTable>(
  tables: readonly T[],
): { order: T[]; cycle: null } | { order: null; cycle: T[] } => {
  const present = new Set(tables.map((table) => table.id));
  const waiting = new Map(
    tables.map((table) => [
      table.id,
      new Set(table.parents.filter((parent) => parent !== table.id && present.has(parent))),
    ]),
  );
  const order: T[] = [];
  const placed = new Set<number>();
  while (order.length < tables.length) {
    const next = tables.find(
      (table) => !placed.has(table.id) && [...(waiting.get(table.id) ?? [])].every((id) => placed.has(id)),
    );
    if (!next) return { order: null, cycle: tables.filter((table) => !placed.has(table.id)) };
    order.push(next);
    placed.add(next.id);
  }
  return { order, cycle: null };
};
