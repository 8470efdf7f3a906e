import { EMBEDDED_CHILDREN_LIMIT } from '../../../../contract/index';
import type { ScalarValue } from '../../query/query-types';

export interface ChildrenPageInput {
  /** The child table as the API names it. */
  table: string;
  foreignKey: string;
  keys: readonly string[];
  parent: ScalarValue;
  offset: number;
  /** The data source of the read (left out for primary). */
  dataSource: string;
}

/**
 * The list call that pages through a parent's children past those a record embeds (docs/api.md §3):
 * the child table filtered by the foreign key, in key order, from `offset`. A number goes as a
 * column filter; any other value as a `filter` condition, which reads no operator into it.
 */
export const childrenPageUrl = ({
  table,
  foreignKey,
  keys,
  parent,
  offset,
  dataSource,
}: ChildrenPageInput) => {
  const params = new URLSearchParams();
  if (typeof parent === 'number') params.set(foreignKey, String(parent));
  else params.set('filter', JSON.stringify({ columnName: foreignKey, operatorType: 'EQ', values: [parent] }));
  if (keys.length > 0) params.set('orderby', keys.map((key) => `${key} ASC`).join(','));
  params.set('offset', String(offset));
  params.set('limit', String(EMBEDDED_CHILDREN_LIMIT));
  if (dataSource !== 'primary') params.set('dataSource', dataSource);
  return `/api/business/${encodeURIComponent(table)}?${params.toString()}`;
};
