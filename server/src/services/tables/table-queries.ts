import type { Knex } from 'knex';
import { metaOf, type MetaDb } from '../../db/metadata-home';
import { toNumber } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { containsPattern } from '../../dialects/full-text/full-text';
import { listMetaTables } from '../metadata-store';
import { tablesOf } from '../scoped-meta';
import type { StoredTable } from '../metadata-rows';

export const TABLE_TEXT_FILTERS = ['name', 'pluralName', 'tableName', 'caption', 'engine'] as const;
export const TABLE_FLAG_FILTERS = ['reverse', 'systemable', 'readOnly'] as const;

export type TableFilters = Partial<Record<(typeof TABLE_TEXT_FILTERS)[number], string>> &
  Partial<Record<(typeof TABLE_FLAG_FILTERS)[number], boolean>> & {
    /** Over name and caption, case-insensitively, as a substring. */
    search?: string;
  };

/** Case-insensitive substring match of `search` over the given columns. */
export const whereSearch = (
  query: Knex.QueryBuilder,
  columns: readonly string[],
  search: string | undefined,
) => {
  if (search === undefined || search.trim() === '') return query;
  const pattern = containsPattern(search.trim().toLowerCase());
  return query.where((where) => {
    for (const column of columns) where.orWhereRaw('lower(??) LIKE ? ESCAPE ?', [column, pattern, '\\']);
  });
};

const filtered = (meta: MetaDb, filters: TableFilters): Knex.QueryBuilder => {
  const query = tablesOf(meta);
  whereSearch(query, ['name', 'caption'], filters.search);
  for (const field of TABLE_TEXT_FILTERS) {
    const value = filters[field];
    if (value !== undefined) query.where(field, value);
  }
  for (const field of TABLE_FLAG_FILTERS) {
    const value = filters[field];
    if (value !== undefined) query.where(field, value);
  }
  return query;
};

/** GET /api/metadata/tables: a page of tables (id DESC) with their columns and indexes. */
export const listTablePage = async (
  knex: Knex,
  filters: TableFilters,
  page: { offset: number; limit: number },
): Promise<StoredTable[]> => {
  const meta = metaOf(knex);
  const rows: { id: unknown }[] = await filtered(meta, filters)
    .select('id')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
  const ids = rows.map((row) => toNumber(row.id));
  if (ids.length === 0) return [];
  const byId = new Map((await listMetaTables(meta, ids)).map((table) => [table.id, table]));
  return ids.flatMap((id) => {
    const table = byId.get(id);
    return table ? [table] : [];
  });
};

/** GET /api/metadata/tables/count. */
export const countTables = async (knex: Knex, filters: TableFilters): Promise<number> =>
  toNumber(
    ((await filtered(metaOf(knex), filters).count({ n: '*' }).first()) as { n: unknown } | undefined)?.n ?? 0,
  );

/** GET /api/metadata/tables/name/{name}: by name, pluralName or tableName, ignoring case; 404 if none. */
export const getTableByName = (knex: Knex, name: string): Promise<StoredTable> =>
  getMetaTableByName(metaOf(knex), name);

/** `getTableByName` in a data source's metadata home. */
export const getMetaTableByName = async (meta: MetaDb, name: string): Promise<StoredTable> => {
  const lower = name.toLowerCase();
  const row = await tablesOf(meta)
    .select('id')
    .where((where) =>
      where
        .whereRaw('lower(??) = ?', ['name', lower])
        .orWhereRaw('lower(??) = ?', ['pluralName', lower])
        .orWhereRaw('lower(??) = ?', ['tableName', lower]),
    )
    .orderBy('id')
    .first();
  if (!row) throw new ApiException('NOT_FOUND');
  const [table] = await listMetaTables(meta, [toNumber(row.id)]);
  if (!table) throw new ApiException('NOT_FOUND');
  return table;
};
