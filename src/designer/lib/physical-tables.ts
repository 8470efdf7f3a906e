import { offsetOf, type PhysicalTableSummary } from '../../../contract';

/** The physical tables whose name or comment contains the keyword (case-insensitive), by name. */
export const filterPhysicalTables = (
  tables: readonly PhysicalTableSummary[],
  keyword: string,
): PhysicalTableSummary[] => {
  const wanted = keyword.trim().toLowerCase();
  return tables
    .filter(
      (t) =>
        !wanted ||
        t.tableName.toLowerCase().includes(wanted) ||
        (t.comment ?? '').toLowerCase().includes(wanted),
    )
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
};

/** One page of a list held in the browser. */
export const pageRows = <T>(rows: readonly T[], page: number, rowsPerPage: number): T[] => {
  const start = offsetOf(page, rowsPerPage);
  return rows.slice(start, start + rowsPerPage);
};

/** The selected names that are still in the list (after a reverse or a refresh). */
export const keepSelected = (
  selected: readonly string[],
  tables: readonly PhysicalTableSummary[],
): string[] => {
  const names = new Set(tables.map((t) => t.tableName));
  return selected.filter((name) => names.has(name));
};
