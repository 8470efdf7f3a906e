import type { Knex } from 'knex';
import type { LossCondition, Repair } from '../model/schema-op';
import type { Dialect } from './column-type';

export interface SqlFragment {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** A bound: a number where it is exact (SQLite compares numbers), else its text. */
const bound = (value: string): string | number =>
  Number.isSafeInteger(Number(value)) ? Number(value) : value;

const textLength: Record<Dialect, string> = {
  pg: 'char_length(CAST(?? AS text))',
  mysql: 'CHAR_LENGTH(??)',
  sqlite: 'length(??)',
};

const outOfRange: Record<Dialect, string> = {
  pg: '(CAST(?? AS numeric) < CAST(? AS numeric) OR CAST(?? AS numeric) > CAST(? AS numeric))',
  mysql: '(?? < CAST(? AS DECIMAL(65,30)) OR ?? > CAST(? AS DECIMAL(65,30)))',
  sqlite: '(?? < ? OR ?? > ?)',
};

const fraction: Record<Dialect, string> = {
  pg: 'CAST(?? AS numeric) <> round(CAST(?? AS numeric), ?)',
  mysql: '?? <> ROUND(??, ?)',
  sqlite: '?? <> round(??, ?)',
};

const notMatching: Record<Dialect, string> = {
  pg: '?? IS NOT NULL AND NOT (CAST(?? AS text) ~ ?)',
  mysql: '?? IS NOT NULL AND NOT (?? REGEXP ?)',
  sqlite: '?? IS NOT NULL AND NOT (?? REGEXP ?)',
};

const textOutOfRange: Record<Dialect, string> = {
  pg:
    '?? IS NOT NULL AND CASE WHEN CAST(?? AS text) ~ ? THEN CAST(trim(CAST(?? AS text)) AS numeric) ' +
    'NOT BETWEEN CAST(? AS numeric) AND CAST(? AS numeric) ELSE true END',
  mysql:
    '?? IS NOT NULL AND CASE WHEN ?? REGEXP ? THEN CAST(TRIM(??) AS DECIMAL(65,0)) ' +
    'NOT BETWEEN CAST(? AS DECIMAL(65,0)) AND CAST(? AS DECIMAL(65,0)) ELSE 1 END',
  sqlite:
    '?? IS NOT NULL AND CASE WHEN ?? REGEXP ? THEN CAST(trim(??) AS INTEGER) NOT BETWEEN ? AND ? ELSE 1 END',
};

const timePart: Record<Dialect, string> = {
  pg: '?? IS NOT NULL AND CAST(?? AS time) <> CAST(? AS time)',
  mysql: '?? IS NOT NULL AND TIME(??) <> ?',
  sqlite: '?? IS NOT NULL AND substr(??, 12) NOT IN (?, ?)',
};

/**
 * The WHERE condition selecting the rows of `column` that a change would lose, per dialect. The SQL
 * text is constant; the column goes in as a `??` identifier binding, every value as a binding.
 * `rows` and `duplicates` are counted by the caller with the query builder.
 */
export const lossCondition = (
  dialect: Dialect,
  column: string,
  condition: LossCondition,
): SqlFragment | undefined => {
  switch (condition.kind) {
    case 'nulls':
      return { sql: '?? IS NULL', bindings: [column] };
    case 'values':
      return { sql: '?? IS NOT NULL', bindings: [column] };
    case 'tooLong':
      return { sql: `${textLength[dialect]} > ?`, bindings: [column, condition.limit] };
    case 'outOfRange':
      return {
        sql: outOfRange[dialect],
        bindings: [column, bound(condition.min), column, bound(condition.max)],
      };
    case 'fraction':
      return { sql: fraction[dialect], bindings: [column, column, condition.scale] };
    case 'text':
      if (condition.min === undefined || condition.max === undefined) {
        return { sql: notMatching[dialect], bindings: [column, column, condition.pattern] };
      }
      return {
        sql: textOutOfRange[dialect],
        bindings: [column, column, condition.pattern, column, bound(condition.min), bound(condition.max)],
      };
    case 'timePart':
      return dialect === 'sqlite'
        ? { sql: timePart.sqlite, bindings: [column, column, '', '00:00:00'] }
        : { sql: timePart[dialect], bindings: [column, column, '00:00:00'] };
    default:
      return undefined;
  }
};

const truncate: Record<Dialect, string> = {
  pg: 'substr(??, 1, ?)',
  mysql: 'SUBSTRING(??, 1, ?)',
  sqlite: 'substr(??, 1, ?)',
};

const round: Record<Dialect, string> = {
  pg: 'round(CAST(?? AS numeric), ?)',
  mysql: 'ROUND(??, ?)',
  sqlite: 'round(??, ?)',
};

/** The new value of a row a confirmed lossy change repairs (a raw expression or a bound value). */
export const repairValue = (
  db: Knex,
  dialect: Dialect,
  column: string,
  repair: Repair,
): Knex.Raw | string | number | boolean | null => {
  switch (repair.kind) {
    case 'truncate':
      return db.raw(truncate[dialect], [column, repair.limit]);
    case 'round':
      return db.raw(round[dialect], [column, repair.scale]);
    case 'set':
      return typeof repair.value === 'boolean' && dialect !== 'pg' ? Number(repair.value) : repair.value;
  }
};
