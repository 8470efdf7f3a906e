import type { FastifyRequest } from 'fastify';
import { tableMetadataAccess } from '../../../../contract/index';
import { ApiException } from '../../errors/api-exception';
import { principalOf } from '../../plugins/session';
import type { StoredTable } from '../metadata-rows';
import type { StoredRelation } from '../relations/relation-store';
import { getTableByName } from '../tables/table-queries';
import type { ColumnRules } from './column-rules';
import { loadColumnRules } from './load-column-rules';
import { readableTables } from './readable-tables';
import type { ScreenSettings } from '../system-tables/screen-settings';

/** What a table's reader (no `metadata:read`) may see of other tables: their columns or not. */
export interface ReaderScope {
  rules: ColumnRules;
  /** Whether the user may read the table of this name (its records and trimmed metadata). */
  mayRead(tableName: string): boolean;
}

/** A table as the request's user may read its metadata: whole, or trimmed for its reader. */
export interface TableForUser {
  table: StoredTable;
  /** Set for a reader without `metadata:read`: the answers built on the table are trimmed. */
  reader?: ReaderScope;
}

/**
 * The table of this name for the signed-in user: whole with `metadata:read` (404 when none is
 * named so); trimmed to the columns the user may read when the user may read its records; else
 * 403, also when no table goes by the name (a reader learns nothing of tables it may not read).
 */
export const tableForUser = async (request: FastifyRequest, name: string): Promise<TableForUser> => {
  const principal = principalOf(request);
  const codes = principal.authorities.map((authority) => authority.authority);
  const { knex, name: dataSource } = request.dataSource;
  const mayRead = (tableName: string) => tableMetadataAccess(codes, tableName, dataSource) !== 'none';
  if (tableMetadataAccess(codes, name, dataSource) === 'full')
    return { table: await getTableByName(knex, name) };
  const table = await getTableByName(knex, name).catch((error: unknown) => {
    if (error instanceof ApiException && error.code === 'NOT_FOUND') throw new ApiException('FORBIDDEN');
    throw error;
  });
  if (!mayRead(table.name)) throw new ApiException('FORBIDDEN');
  const rules = await loadColumnRules(
    request.server.dataSources.primary.knex,
    principal.roles.map((role) => role.id),
    dataSource,
  );
  const [trimmed] = readableTables([table], rules);
  return { table: trimmed ?? table, reader: { rules, mayRead } };
};

const hiddenOf = (rules: ColumnRules, tableId: number): ReadonlySet<number> =>
  rules.get(tableId)?.hidden ?? new Set<number>();

/**
 * A table's relations as its reader sees them: only those whose columns the reader may read (the
 * from-column on this table, the to-column on a target the reader may read). A relation to a table
 * the reader may not read stays described (its records show by key), that table's columns do not.
 */
export const relationsForReader = (
  relations: readonly StoredRelation[],
  reader: ReaderScope,
): StoredRelation[] =>
  relations.filter(
    (relation) =>
      !hiddenOf(reader.rules, relation.fromTable.id).has(relation.fromColumn.id) &&
      !(
        reader.mayRead(relation.toTable.name) &&
        hiddenOf(reader.rules, relation.toTable.id).has(relation.toColumn.id)
      ),
  );

/** The items of a layout body (JSON `[{columnId, width}]`) without those of hidden columns. */
const trimLayoutBody = (body: unknown, hidden: ReadonlySet<number>): string => {
  let items: unknown;
  try {
    items = typeof body === 'string' ? JSON.parse(body) : body;
  } catch {
    return '[]';
  }
  if (!Array.isArray(items)) return '[]';
  return JSON.stringify(
    items.filter(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        !hidden.has(Number((item as Record<string, unknown>).columnId)),
    ),
  );
};

/** The screen settings without the columns the user may not read (in layouts and properties). */
export const trimScreenSettings = (
  settings: ScreenSettings,
  hidden: ReadonlySet<number>,
): ScreenSettings => ({
  formBuilders: settings.formBuilders.map((layout) => ({
    ...layout,
    body: trimLayoutBody(layout.body, hidden),
  })),
  extProperties: settings.extProperties.filter((property) => !hidden.has(Number(property.columnId))),
});
