/** One entry of `tablePermission.columns` (docs/api.md §3): what a role may do with one column. */
export interface ColumnGrant {
  columnId: number;
  read: boolean;
  update: boolean;
}

/** The tablePermission records of a user's roles, for one data source. */
export interface TablePermissionRecord {
  tableId: number;
  columns: readonly ColumnGrant[];
}

/** Per table id: the column ids the user may not read, and those the user may not change. */
export type ColumnRules = ReadonlyMap<number, { hidden: ReadonlySet<number>; readOnly: ReadonlySet<number> }>;

const flag = (value: unknown): boolean => value !== false && value !== 'false' && value !== 0;

/**
 * `tablePermission.columns` as stored (JSON text `[{columnId, read, update}]`); entries that are
 * not objects with a numeric columnId are left out, and so is anything that is not such a list.
 */
export const parseColumnGrants = (text: unknown): ColumnGrant[] => {
  if (typeof text !== 'string' || text.trim() === '') return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { columnId, read, update } = entry as Record<string, unknown>;
    const id = Number(columnId);
    if (!Number.isSafeInteger(id)) return [];
    // Reading nothing leaves nothing to change.
    return [{ columnId: id, read: flag(read), update: flag(read) && flag(update) }];
  });
};

/**
 * What the records of a user's roles allow together: a role grants what its record grants, and
 * everything about the columns its record does not name. A column is hidden (or read-only) only
 * when every record the user has for that table takes the right away.
 */
export const combineColumnRules = (records: readonly TablePermissionRecord[]): ColumnRules => {
  const byTable = new Map<number, TablePermissionRecord[]>();
  for (const record of records) byTable.set(record.tableId, [...(byTable.get(record.tableId) ?? []), record]);
  const rules = new Map<number, { hidden: Set<number>; readOnly: Set<number> }>();
  for (const [tableId, tableRecords] of byTable) {
    const denied = (right: 'read' | 'update') => {
      const [first, ...rest] = tableRecords.map(
        (record) => new Set(record.columns.filter((grant) => !grant[right]).map((grant) => grant.columnId)),
      );
      return new Set([...(first ?? [])].filter((id) => rest.every((set) => set.has(id))));
    };
    const hidden = denied('read');
    const readOnly = denied('update');
    if (hidden.size > 0 || readOnly.size > 0) rules.set(tableId, { hidden, readOnly });
  }
  return rules;
};
