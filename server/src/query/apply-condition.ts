import type { Knex } from 'knex';
import type { Client } from '../config';
import { containsPattern, escapeLikeText } from '../dialects/full-text/full-text';
import { nativeEqualitySql, nativeMatchSql } from '../dialects/native-sql';
import { sqlDialect } from '../dialects/sql/sql-dialects';
import { likeIgnoringCase } from '../dialects/caseless-text';
import type { Condition, LeafCondition, QueryColumn, QueryTable } from './query-types';
import { findColumn } from './resolve-column';

const NOTHING = '1 = 0';

/**
 * `column LIKE %text%` with the wildcards escaped; case-insensitive on every database. A column
 * with a native type (uuid, jsonb, an array...) is matched on its text form. `scan`: no index can
 * serve the match (the form that costs least per row is used).
 */
export const whereContains = (
  builder: Knex.QueryBuilder,
  dialect: Client,
  column: string,
  text: string,
  or = false,
  nativeType: string | null = null,
  scan = false,
): Knex.QueryBuilder => {
  const target = nativeMatchSql(dialect, nativeType).column;
  const sql = likeIgnoringCase(sqlDialect(dialect), target, text, scan);
  const bindings = [column, containsPattern(text), '\\'];
  return or ? builder.orWhereRaw(sql, bindings) : builder.whereRaw(sql, bindings);
};

/**
 * A text match of TEXT_MATCH_OPERATORS other than LIKE (whereContains): at the start or the end
 * ignoring case, anywhere minding case, and their negations.
 */
const whereTextMatch = (
  builder: Knex.QueryBuilder,
  dialect: Client,
  column: string,
  leaf: LeafCondition,
  nativeType: string | null,
): Knex.QueryBuilder => {
  const target = nativeMatchSql(dialect, nativeType).column;
  const text = String(leaf.values[0]);
  const sql = sqlDialect(dialect);
  const [match, bindings]: [string, string[]] =
    leaf.operator === 'LIKECS' || leaf.operator === 'NOTLIKECS'
      ? [sql.caseSensitiveContains(target), [column, text]]
      : [
          likeIgnoringCase(sql, target, text),
          [
            column,
            leaf.operator === 'STARTSWITH' || leaf.operator === 'NOTSTARTSWITH'
              ? `${escapeLikeText(text)}%`
              : leaf.operator === 'ENDSWITH' || leaf.operator === 'NOTENDSWITH'
                ? `%${escapeLikeText(text)}`
                : containsPattern(text),
            '\\',
          ],
        ];
  return leaf.operator.startsWith('NOT')
    ? builder.whereRaw(`NOT (${match})`, bindings)
    : builder.whereRaw(match, bindings);
};

/** EQ, NE, IN, NOTIN on a column with a native type: cast as its kind asks (dialects/native-sql.ts). */
const applyNativeEquality = (
  builder: Knex.QueryBuilder,
  column: string,
  leaf: LeafCondition,
  sql: { column: string; value: string },
) => {
  const values = leaf.values.map((value) => (typeof value === 'string' ? value : String(value)));
  const list = values.map(() => sql.value).join(', ');
  switch (leaf.operator) {
    case 'EQ':
      return builder.whereRaw(`${sql.column} = ${sql.value}`, [column, values[0] ?? '']);
    case 'NE':
      return builder.whereRaw(`${sql.column} <> ${sql.value}`, [column, values[0] ?? '']);
    case 'IN':
      return values.length === 0
        ? builder.whereRaw(NOTHING)
        : builder.whereRaw(`${sql.column} IN (${list})`, [column, ...values]);
    default:
      return values.length === 0
        ? builder
        : builder.whereRaw(`${sql.column} NOT IN (${list})`, [column, ...values]);
  }
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * EQ / IN on a multiple choice column, stored as a comma list (`a,b`): a record matches when it
 * chose any of the values, wherever the value stands in its list.
 */
const applyChoiceAny = (builder: Knex.QueryBuilder, column: string, values: readonly unknown[]) => {
  if (values.length === 0) return builder.whereRaw(NOTHING);
  return builder.where((group) => {
    for (const value of values) {
      const text = escapeLike(String(value));
      group.orWhere(column, '=', String(value));
      for (const pattern of [`${text},%`, `%,${text}`, `%,${text},%`])
        group.orWhereRaw('?? LIKE ? ESCAPE ?', [column, pattern, '\\']);
    }
  });
};

const isMultipleChoice = (meta: QueryColumn | undefined): boolean =>
  Boolean(meta?.multipleValue && Array.isArray(meta.options) && meta.options.length > 0);

const applyLeaf = (
  builder: Knex.QueryBuilder,
  tableName: string,
  leaf: LeafCondition,
  dialect: Client,
  meta: QueryColumn | undefined,
) => {
  const column = `${tableName}.${leaf.column}`;
  const nativeType = meta?.nativeType ?? null;
  const [first, second] = leaf.values;
  if ((leaf.operator === 'EQ' || leaf.operator === 'IN') && isMultipleChoice(meta))
    return applyChoiceAny(builder, column, leaf.operator === 'EQ' ? [first] : leaf.values);
  if (['EQ', 'NE', 'IN', 'NOTIN'].includes(leaf.operator)) {
    const sql = nativeEqualitySql(dialect, nativeType);
    if (sql.column !== '??' || sql.value !== '?') return applyNativeEquality(builder, column, leaf, sql);
  }
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
      return whereContains(builder, dialect, column, String(first), false, nativeType);
    case 'IN':
      return leaf.values.length === 0 ? builder.whereRaw(NOTHING) : builder.whereIn(column, leaf.values);
    case 'NOTIN':
      return leaf.values.length === 0 ? builder : builder.whereNotIn(column, leaf.values);
    case 'BETWEEN':
      return builder.whereBetween(column, [first as Knex.Value, second as Knex.Value]);
    case 'NOTBETWEEN':
      return builder.whereNotBetween(column, [first as Knex.Value, second as Knex.Value]);
    case 'NOTLIKE':
    case 'STARTSWITH':
    case 'NOTSTARTSWITH':
    case 'ENDSWITH':
    case 'NOTENDSWITH':
    case 'LIKECS':
    case 'NOTLIKECS':
      return whereTextMatch(builder, dialect, column, leaf, nativeType);
    case 'ISNULL':
      return builder.whereNull(column);
    case 'ISNOTNULL':
      return builder.whereNotNull(column);
  }
};

/**
 * Adds a condition to a query selecting from `table` (unaliased). Identifiers are the metadata
 * names the parser resolved, quoted by the builder; every value is a binding. An empty IN or an
 * empty OR group matches nothing; an empty AND group matches everything.
 */
export const applyCondition = (
  builder: Knex.QueryBuilder,
  table: QueryTable,
  condition: Condition,
  dialect: Client,
): Knex.QueryBuilder => {
  if (condition.kind === 'leaf')
    return applyLeaf(builder, table.tableName, condition, dialect, findColumn(table, condition.column));
  if (condition.conditions.length === 0) {
    return condition.conditionType === 'OR' ? builder.whereRaw(NOTHING) : builder;
  }
  return builder.where((group) => {
    for (const child of condition.conditions) {
      const apply = (inner: Knex.QueryBuilder) => {
        applyCondition(inner, table, child, dialect);
      };
      if (condition.conditionType === 'OR') group.orWhere(apply);
      else group.where(apply);
    }
  });
};
