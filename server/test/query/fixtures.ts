import type { DataType } from '../../../contract/index';
import type { QueryColumn, QueryTable } from '../../src/query/query-types';

export const column = (name: string, dataType: DataType, extra: Partial<QueryColumn> = {}): QueryColumn => ({
  name,
  dataType,
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
  indexType: null,
  queryable: true,
  ...extra,
});

/** A table with a column of every kind the query layer treats differently. */
export const PRODUCT: QueryTable = {
  tableName: 'product',
  primaryNames: ['id'],
  relationNames: ['category', 'lines'],
  columns: [
    column('id', 'BIGINT', { indexType: 'PRIMARY', unsigned: true }),
    column('name', 'VARCHAR', { length: 10 }),
    column('code', 'CHAR', { length: 3 }),
    column('note', 'TEXT'),
    column('fullTextBody', 'TEXT', { indexType: 'FULLTEXT' }),
    column('qty', 'TINYINT'),
    column('stock', 'INT', { unsigned: true }),
    column('big', 'BIGINT'),
    column('ratio', 'FLOAT'),
    column('weight', 'DOUBLE'),
    column('price', 'DECIMAL', { precision: 6, scale: 2 }),
    column('day', 'DATE'),
    column('at', 'TIME'),
    column('stamp', 'DATETIME'),
    column('active', 'BOOL'),
    column('secret', 'PASSWORD'),
    column('file', 'ATTACHMENT'),
  ],
};

export const columnOf = (name: string): QueryColumn => {
  const found = PRODUCT.columns.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no column ${name}`);
  return found;
};

/** The `errors` of a thrown ApiException (the field → English message). */
export const errorsOf = (run: () => unknown): Record<string, string> => {
  try {
    run();
  } catch (error) {
    const errors = (error as { errors?: Record<string, { en: string }> }).errors ?? {};
    return Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, value.en]));
  }
  throw new Error('expected an error');
};
