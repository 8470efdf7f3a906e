import type { Knex } from 'knex';
import { applyCondition } from '../../query/apply-condition';
import type { QueryTable } from '../../query/query-types';
import { rowRuleFor, type RowRuleKey } from '../permissions/row-rules';
import { grantingAction, rowConditionOf } from '../permissions/row-scope';
import { ruleTableOf } from '../permissions/rule-table';
import type { StoredTable } from '../metadata-rows';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { keyText, whereKeys, type KeyValues } from './record-keys';

/**
 * The one place the items service narrows a query to the records the user's row rules let it
 * reach (docs/permissions.md): `key` the rule (read, update, delete, create), counted over the
 * roles granting the request's action. Every read and write of records goes through here; a context without
 * row rules (the super admin, server code reading on its own) changes nothing.
 * `full`: the table with every column when the caller holds it.
 */
export const filterRows = (
  builder: Knex.QueryBuilder,
  context: Pick<ItemContext, 'rows' | 'dialect'>,
  table: StoredTable,
  key: RowRuleKey,
  full?: StoredTable,
): Knex.QueryBuilder => {
  const query: QueryTable | undefined = full ? ruleTableOf(full).query : undefined;
  const condition = rowConditionOf(context.rows, table, key, query);
  if (!condition) return builder;
  const target = query ?? context.rows?.tables.get(table.id)?.query;
  if (!target) return builder.whereRaw('1 = 0');
  return builder.where((inner) => {
    applyCondition(inner, target, condition, context.dialect);
  });
};

/** Whether a row rule restricts `key` on the table for the user (then counts are never kept totals). */
export const hasRowRule = (
  context: Pick<ItemContext, 'rows'>,
  table: { id: number; name: string },
  key: RowRuleKey,
): boolean => {
  const scope = context.rows;
  if (!scope) return false;
  return rowRuleFor(scope.roles, table, key, grantingAction(key, scope.action), scope.dataSource) !== null;
};

/**
 * The keys of those of `keys`' records that exist and `rule` lets through, read in `context.db`.
 * `full`: the table with every column, when the caller holds it (a write), as for `filterRows`.
 */
const keysWithin = (
  context: Pick<ItemContext, 'rows' | 'dialect'> & { db: Knex },
  item: ItemTable,
  keys: readonly KeyValues[],
  rule: RowRuleKey,
  full?: StoredTable,
): Promise<Record<string, unknown>[]> => {
  const builder = readRows(
    context.db,
    context.dialect,
    item.table.tableName,
    item.keys.map((column) => column.name),
  );
  filterRows(builder, context, item.table, rule, full);
  return whereKeys(builder, item, keys);
};

/**
 * Checks records a write reaches against the user's row rules (docs/permissions.md), before and
 * after it changes them (the transaction rolls back on refusal): 404 when one of them is outside the
 * read rule (its existence does not show), 403 when one is outside the `key` rule. One refused
 * record refuses the whole write.
 */
export const assertRowsWithin = async (
  write: Pick<ItemContext, 'rows' | 'dialect'> & { db: Knex },
  item: ItemTable,
  keys: readonly KeyValues[],
  key: Exclude<RowRuleKey, 'read'>,
  options: { readable?: boolean; hidden?: 'notFound' | 'forbidden' } = {},
): Promise<void> => {
  if (keys.length === 0 || !write.rows) return;
  const count = async (rule: RowRuleKey) => (await keysWithin(write, item, keys, rule, item.table)).length;
  if (
    options.readable !== false &&
    hasRowRule(write, item.table, 'read') &&
    (await count('read')) < keys.length
  ) {
    throw options.hidden === 'forbidden'
      ? new ApiException('FORBIDDEN', itemsMessage('rowOutsideRule', { action: 'read' }))
      : new ApiException('NOT_FOUND');
  }
  if (hasRowRule(write, item.table, key) && (await count(key)) < keys.length) {
    throw new ApiException('FORBIDDEN', itemsMessage('rowOutsideRule', { action: key }));
  }
};

/**
 * 404 unless the record exists and the user's read rule lets it through (no rule: nothing is
 * checked here). For reads about one record kept elsewhere (its history): a record the rule keeps
 * out, or one that is gone, shows nothing.
 */
export const assertReadable = async (
  context: Pick<ItemContext, 'rows' | 'dialect' | 'db'>,
  item: ItemTable,
  key: KeyValues,
): Promise<void> => {
  if (!hasRowRule(context, item.table, 'read')) return;
  if ((await keysWithin(context, item, [key], 'read')).length === 0) throw new ApiException('NOT_FOUND');
};

/**
 * Of `keys`, those whose records exist and the user's read rule lets through, as key texts
 * (`keyText`); every one of them when no read rule applies. For reads about many records kept
 * elsewhere (who last changed each record of a list page).
 */
export const readableKeyTexts = async (
  context: Pick<ItemContext, 'rows' | 'dialect' | 'db'>,
  item: ItemTable,
  keys: readonly KeyValues[],
): Promise<ReadonlySet<string>> => {
  if (!hasRowRule(context, item.table, 'read')) return new Set(keys.map((key) => keyText(item, key)));
  const rows = await keysWithin(context, item, keys, 'read');
  return new Set(rows.map((row) => keyText(item, row)));
};
