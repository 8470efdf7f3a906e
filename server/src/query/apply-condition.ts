import type { Knex } from 'knex';
import type { Client } from '../config';
import { containsPattern } from '../dialects/full-text/full-text';
import type { Condition, LeafCondition } from './query-types';

const NOTHING = '1 = 0';

/** `column LIKE %text%` with the wildcards escaped; case-insensitive on every database. */
export const whereContains = (
  builder: Knex.QueryBuilder,
  dialect: Client,
  column: string,
  text: string,
  or = false,
): Knex.QueryBuilder => {
  const sql = dialect === 'pg' ? '?? ILIKE ? ESCAPE ?' : '?? LIKE ? ESCAPE ?';
  const bindings = [column, containsPattern(text), '\\'];
  return or ? builder.orWhereRaw(sql, bindings) : builder.whereRaw(sql, bindings);
};

const applyLeaf = (builder: Knex.QueryBuilder, tableName: string, leaf: LeafCondition, dialect: Client) => {
  const column = `${tableName}.${leaf.column}`;
  const [first, second] = leaf.values;
  switch (leaf.operator) {
    case 'EQ':
      return builder.where(column, '=', first as Knex.Value);
    case 'NE':
      return builder.where(column, '<>', first as Knex.Value);
    case 'GE':
      return builder.where(column, '>=', first as Knex.Value);
    case 'GT':
      return builder.where(column, '>', first as Knex.Value);
    case 'LE':
      return builder.where(column, '<=', first as Knex.Value);
    case 'LT':
      return builder.where(column, '<', first as Knex.Value);
    case 'LIKE':
      return whereContains(builder, dialect, column, String(first));
    case 'IN':
      return leaf.values.length === 0 ? builder.whereRaw(NOTHING) : builder.whereIn(column, leaf.values);
    case 'NOTIN':
      return leaf.values.length === 0 ? builder : builder.whereNotIn(column, leaf.values);
    case 'BETWEEN':
      return builder.whereBetween(column, [first as Knex.Value, second as Knex.Value]);
    case 'ISNULL':
      return builder.whereNull(column);
    case 'ISNOTNULL':
      return builder.whereNotNull(column);
  }
};

/**
 * Adds a condition to a query selecting from `tableName` (unaliased). Identifiers are the
 * metadata names the parser resolved, quoted by the builder; every value is a binding. An empty
 * IN or an empty OR group matches nothing; an empty AND group matches everything.
 */
export const applyCondition = (
  builder: Knex.QueryBuilder,
  tableName: string,
  condition: Condition,
  dialect: Client,
): Knex.QueryBuilder => {
  if (condition.kind === 'leaf') return applyLeaf(builder, tableName, condition, dialect);
  if (condition.conditions.length === 0) {
    return condition.conditionType === 'OR' ? builder.whereRaw(NOTHING) : builder;
  }
  return builder.where((group) => {
    for (const child of condition.conditions) {
      const apply = (inner: Knex.QueryBuilder) => {
        applyCondition(inner, tableName, child, dialect);
      };
      if (condition.conditionType === 'OR') group.orWhere(apply);
      else group.where(apply);
    }
  });
};
