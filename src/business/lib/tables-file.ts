import type { Table } from '../../../contract';

/** One table of a multi-table JSON file, as the preview shows it. */
export interface TablesFileEntry {
  /** The key of the file: a table's name (or plural / physical name). */
  name: string;
  records: number;
  /** The table it names, if the user may open one by that name. */
  table: Table | null;
}

export type TablesFileParse =
  { ok: true; entries: TablesFileEntry[]; text: string } | { ok: false; error: 'json' | 'shape' };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The table a key names: by name, plural name or physical table name, case-insensitively. */
const tableNamed = (tables: readonly Table[], name: string): Table | null => {
  const key = name.toLowerCase();
  return (
    tables.find((table) =>
      [table.name, table.pluralName, table.tableName].some((one) => one?.toLowerCase() === key),
    ) ?? null
  );
};

/**
 * A multi-table import file (docs/api.md §3: `{"<table>": [records]}`) read for the preview, with the
 * same shape rules as the server: a JSON object of at least one table, each an array of records.
 */
export const parseTablesFile = (text: string, tables: readonly Table[]): TablesFileParse => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'json' };
  }
  if (!isPlainObject(data)) return { ok: false, error: 'shape' };
  const entries = Object.entries(data);
  if (entries.length === 0 || entries.some(([, records]) => !Array.isArray(records))) {
    return { ok: false, error: 'shape' };
  }
  return {
    ok: true,
    text,
    entries: entries.map(([name, records]) => ({
      name,
      records: (records as unknown[]).length,
      table: tableNamed(tables, name),
    })),
  };
};
