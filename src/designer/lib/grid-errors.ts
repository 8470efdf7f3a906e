import type { Column } from '../../../contract';

export interface RowFieldPath {
  collection: string;
  index: number;
  /** The cell's field; null when the message is about the whole row. */
  field: string | null;
}

const BRACKET = /^([A-Za-z_]\w*)\[(\d+)\](?:\.(.+))?$/;
const DOTTED = /^([A-Za-z_]\w*)[./](\d+)(?:[./](.+))?$/;

/** `columns[3].name`, `columns.3.name` or `columns/3/name` → its parts; other paths → null. */
export const parseRowPath = (path: string): RowFieldPath | null => {
  const match = BRACKET.exec(path) ?? DOTTED.exec(path);
  if (!match) return null;
  return {
    collection: match[1] as string,
    index: Number(match[2]),
    field: match[3] ? match[3].replace(/\//g, '.') : null,
  };
};

/** Key of a row-level message (no field) in `GridErrors.rows`. */
export const ROW_FIELD = '*';

/** Messages placed on a grid: by form field, by row key and cell field, and the rest. */
export interface GridErrors {
  fields: Record<string, string>;
  rows: Record<string, Record<string, string>>;
  general: string[];
}

export const EMPTY_GRID_ERRORS: GridErrors = { fields: {}, rows: {}, general: [] };

/**
 * Field-path messages (from the server's `errors` or the client checks) → grid cells. Row paths
 * of `collection` are resolved through `rowKeys` (the keys of the rows in the order they were
 * submitted), so a message stays on its row after the user moves rows around.
 */
export const toGridErrors = (
  errors: Record<string, string> | undefined,
  collection: string,
  rowKeys: readonly string[],
): GridErrors => {
  const out: GridErrors = { fields: {}, rows: {}, general: [] };
  for (const [path, message] of Object.entries(errors ?? {})) {
    const row = parseRowPath(path);
    if (row && row.collection === collection) {
      const key = rowKeys[row.index];
      if (key === undefined) {
        out.general.push(message);
        continue;
      }
      const cells = (out.rows[key] ??= {});
      cells[row.field?.split('.')[0] ?? ROW_FIELD] ??= message;
    } else if (row) {
      out.general.push(message);
    } else {
      out.fields[path] = message;
    }
  }
  return out;
};

/** The grid errors without one cell's message (the user edited that cell). */
export const withoutCellError = (errors: GridErrors, rowKey: string, field: string): GridErrors => {
  const cells = errors.rows[rowKey];
  if (!cells || !(field in cells || ROW_FIELD in cells)) return errors;
  const { [field]: _field, [ROW_FIELD]: _row, ...rest } = cells;
  const rows = { ...errors.rows };
  if (Object.keys(rest).length > 0) rows[rowKey] = rest;
  else delete rows[rowKey];
  return { ...errors, rows };
};

export const withoutFieldError = (errors: GridErrors, field: string): GridErrors => {
  if (!(field in errors.fields)) return errors;
  const { [field]: _dropped, ...fields } = errors.fields;
  return { ...errors, fields };
};

export const hasGridErrors = (errors: GridErrors): boolean =>
  Object.keys(errors.fields).length > 0 || Object.keys(errors.rows).length > 0 || errors.general.length > 0;

export interface DataLossEntry {
  /** The column's name as submitted (or the key the server used when it names no known column). */
  name: string;
  caption: string;
  message: string;
}

/**
 * A 409's `errors` → one entry per affected column. Keys may be a row path of the submitted
 * columns (`columns[2]`, `columns[2].length`), a column name, or a stored column's id.
 */
export const dataLossEntries = (
  errors: Record<string, string> | undefined,
  submitted: readonly Column[],
  stored: readonly Column[] = [],
): DataLossEntry[] => {
  const find = (key: string): Column | undefined => {
    const row = parseRowPath(key);
    if (row?.collection === 'columns') return submitted[row.index];
    const lower = key.toLowerCase();
    return (
      submitted.find((c) => c.name.toLowerCase() === lower) ??
      stored.find((c) => c.name.toLowerCase() === lower || String(c.id) === key)
    );
  };
  return Object.entries(errors ?? {}).map(([key, message]) => {
    const column = find(key);
    return { name: column?.name ?? key, caption: column?.caption ?? '', message };
  });
};

/** Both sets of messages on one grid; where both name a cell or field, `preferred` wins. */
export const mergeGridErrors = (base: GridErrors, preferred: GridErrors): GridErrors => {
  const rows: GridErrors['rows'] = { ...base.rows };
  for (const [key, cells] of Object.entries(preferred.rows)) rows[key] = { ...rows[key], ...cells };
  return {
    fields: { ...base.fields, ...preferred.fields },
    rows,
    general: [...new Set([...base.general, ...preferred.general])],
  };
};

/** How many messages the grid shows. */
export const countGridErrors = (errors: GridErrors): number =>
  Object.keys(errors.fields).length +
  Object.values(errors.rows).reduce((sum, cells) => sum + Object.keys(cells).length, 0) +
  errors.general.length;
