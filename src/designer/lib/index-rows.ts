import type { Column, Index, IndexLine } from '../../../contract';
import { duplicatePositions, issue, nameIssue, type Issues } from '../../common/lib/name-rules';

/** docs/product.md §9: the index editor shows up to 9999 rows. */
export const MAX_INDEX_ROWS = 9999;

export type CompositeIndexType = Index['indexType'];
export type CompositeIndexStorage = Exclude<Index['indexStorage'], null | undefined>;

/** A row of the index editor. New rows carry a temporary (timestamp) id and `isNewRow`. */
export interface IndexRow {
  id: number;
  isNewRow: boolean;
  name: string;
  caption: string;
  description: string | null;
  indexType: CompositeIndexType | null;
  indexStorage: CompositeIndexStorage | null;
  /** Ids of the table's columns, in the index's column order. */
  columnIds: number[];
  createdDate?: number;
  lastModifiedDate?: number;
}

/** The editor's output per index (docs/product.md §2 "Index editor"). */
export interface IndexOutput {
  id: number;
  isNewRow: boolean;
  caption: string;
  description: string | null;
  indexStorage: CompositeIndexStorage | null;
  indexType: CompositeIndexType | null;
  name: string;
  indexLines: { column: { id: number; name: string } }[];
}

/** The stored indexes of a table as editor rows. */
export const toIndexRows = (indexs: readonly Index[] = []): IndexRow[] =>
  indexs.map((index, position) => ({
    id: index.id ?? -(position + 1),
    isNewRow: false,
    name: index.name,
    caption: index.caption ?? '',
    description: index.description ?? null,
    indexType: index.indexType ?? null,
    indexStorage: index.indexStorage ?? null,
    columnIds: (index.indexLines ?? [])
      .map((line: IndexLine) => line.column.id)
      .filter((id): id is number => typeof id === 'number'),
    ...(index.createdDate !== undefined ? { createdDate: index.createdDate } : {}),
    ...(index.lastModifiedDate !== undefined ? { lastModifiedDate: index.lastModifiedDate } : {}),
  }));

/**
 * The `n` of a new row's `index{n}` / `索引{n}` / `描述{n}`: the number of rows already there
 * (crudapi's numbering), moved past any `index{n}` name already taken so names stay unique.
 */
export const nextIndexNumber = (rows: readonly IndexRow[]): number => {
  const taken = new Set(rows.map((row) => row.name.toLowerCase()));
  let n = rows.length;
  while (taken.has(`index${n}`)) n += 1;
  return n;
};

export const canAddIndexRow = (rows: readonly IndexRow[]): boolean => rows.length < MAX_INDEX_ROWS;

/**
 * Rows after 添加索引: a new row at the end with a timestamp id (later than every id in use),
 * no type, no storage, name `index{n}`, caption `索引{n}`, description `描述{n}`, no columns and
 * `isNewRow`. At the row limit nothing is added.
 */
export const addIndexRow = (rows: readonly IndexRow[], now: number = Date.now()): IndexRow[] => {
  if (!canAddIndexRow(rows)) return [...rows];
  const n = nextIndexNumber(rows);
  const id = Math.max(now, ...rows.map((row) => row.id + 1));
  return [
    ...rows,
    {
      id,
      isNewRow: true,
      name: `index${n}`,
      caption: `索引${n}`,
      description: `描述${n}`,
      indexType: null,
      indexStorage: null,
      columnIds: [],
    },
  ];
};

/** Rows after a row's own delete button. */
export const deleteIndexRow = (rows: readonly IndexRow[], id: number): IndexRow[] =>
  rows.filter((row) => row.id !== id);

/** Rows after the toolbar's 批量删除 of the selected rows. */
export const deleteIndexRows = (rows: readonly IndexRow[], ids: readonly number[]): IndexRow[] => {
  const selected = new Set(ids);
  return rows.filter((row) => !selected.has(row.id));
};

/** One row with some fields changed. */
export const updateIndexRow = (
  rows: readonly IndexRow[],
  id: number,
  patch: Partial<Omit<IndexRow, 'id'>>,
): IndexRow[] => rows.map((row) => (row.id === id ? { ...row, ...patch } : row));

/** The rows on screen (at most 9999). */
export const visibleIndexRows = (rows: readonly IndexRow[]): IndexRow[] => rows.slice(0, MAX_INDEX_ROWS);

/** docs/product.md §2: the editor's output, each index with its columns as `{column:{id, name}}` lines. */
export const toIndexOutput = (rows: readonly IndexRow[], columns: readonly Column[]): IndexOutput[] => {
  const byId = new Map(columns.filter((c) => c.id !== undefined).map((c) => [c.id as number, c]));
  return rows.map((row) => ({
    id: row.id,
    isNewRow: row.isNewRow,
    caption: row.caption,
    description: row.description,
    indexStorage: row.indexStorage,
    indexType: row.indexType,
    name: row.name,
    indexLines: row.columnIds
      .filter((id) => byId.has(id))
      .map((id) => ({ column: { id, name: (byId.get(id) as Column).name } })),
  }));
};

/** The body of `PATCH /api/metadata/tables/{id}` for indexes: new rows without their temporary id. */
export const toIndexPatch = (output: readonly IndexOutput[]): { indexs: Index[] } => ({
  indexs: output.map(({ id, isNewRow, indexType, indexStorage, description, ...rest }) => ({
    ...(isNewRow ? {} : { id }),
    ...rest,
    description: description?.trim() ? description : null,
    indexType: indexType as CompositeIndexType,
    indexStorage,
  })),
});

/** Path of an index cell, in the server's form: `indexs[0].name`. */
export const indexPath = (position: number, field: string): string => `indexs[${position}].${field}`;

/**
 * Checks before saving: a valid, unique (case-insensitive) name, a type chosen, at least one
 * column, and one primary key at most (none when a column of the table already is the key).
 */
export const validateIndexRows = (rows: readonly IndexRow[], columns: readonly Column[] = []): Issues => {
  const out: Issues = {};
  rows.forEach((row, position) => {
    const name = nameIssue(row.name);
    if (name) out[indexPath(position, 'name')] = name;
    if (!row.indexType) out[indexPath(position, 'indexType')] = issue('indexTypeRequired');
    if (row.columnIds.length === 0) out[indexPath(position, 'indexLines')] = issue('indexColumnsRequired');
  });
  for (const position of duplicatePositions(rows.map((row) => row.name))) {
    out[indexPath(position, 'name')] ??= issue('duplicateIndexName');
  }
  const columnKey = columns.some((c) => c.indexType === 'PRIMARY');
  rows.forEach((row, position) => {
    if (row.indexType !== 'PRIMARY') return;
    const earlier = rows.slice(0, position).some((r) => r.indexType === 'PRIMARY');
    if (columnKey || earlier) out[indexPath(position, 'indexType')] ??= issue('onePrimaryKey');
  });
  return out;
};
