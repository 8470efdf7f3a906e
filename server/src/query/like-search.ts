import type { Knex } from 'knex';
import type { Client } from '../config';
import { termsOf } from '../dialects/full-text/full-text';
import { whereContains } from './apply-condition';
import type { QueryColumn } from './query-types';

/**
 * Keyword search of a table without a FULLTEXT column: every whitespace-separated term must occur
 * (case-insensitively, wildcards escaped) in one of `columns`; with no columns nothing matches. A
 * column with a native type (uuid, jsonb...) is searched in its text form. No index serves it: a
 * scan of every row.
 */
export const likeSearch = (
  builder: Knex.QueryBuilder,
  dialect: Client,
  tableName: string,
  columns: readonly Pick<QueryColumn, 'name' | 'nativeType'>[],
  keyword: string,
): Knex.QueryBuilder => {
  const terms = termsOf(keyword);
  if (terms.length === 0) return builder;
  if (columns.length === 0) return builder.whereRaw('1 = 0');
  for (const term of terms) {
    builder.where((any) => {
      for (const column of columns)
        whereContains(
          any,
          dialect,
          `${tableName}.${column.name}`,
          term,
          true,
          column.nativeType ?? null,
          true,
        );
    });
  }
  return builder;
};
