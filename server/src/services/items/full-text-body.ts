import { DEFAULT_VARCHAR_LENGTH } from '../../dialects/column-type';
import { TEXT_BYTES } from '../../query/coerce-value';
import type { StoredColumn } from '../metadata-rows';
import { dataTypeTraits } from '../../../../contract/data-types';
import { isFilledOnCreate } from '../../../../contract/system-columns';

/** Whether a column's value goes into the full-text body: queryable, not a flag, secret, file or audit column. */
export const feedsFullText = (column: StoredColumn): boolean =>
  column.queryable &&
  column.indexType !== 'FULLTEXT' &&
  dataTypeTraits(column.dataType).searchable &&
  !isFilledOnCreate(column.name);

const fitBytes = (text: string, max: number): string => {
  if (Buffer.byteLength(text, 'utf8') <= max) return text;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > max) break;
    out += char;
  }
  return out;
};

const fit = (target: StoredColumn, text: string): string => {
  switch (target.dataType) {
    case 'CHAR':
    case 'VARCHAR':
      return [...text]
        .slice(0, target.length && target.length > 0 ? target.length : DEFAULT_VARCHAR_LENGTH)
        .join('');
    case 'TEXT':
      return fitBytes(text, TEXT_BYTES);
    default:
      return text;
  }
};

/**
 * The text of the FULLTEXT column `target` for a record (docs/api.md §2.1): the values of the columns
 * that feed it, in column order, joined by spaces, cut to what the column holds; null when empty.
 */
export const fullTextBody = (
  columns: readonly StoredColumn[],
  record: Record<string, unknown>,
  target: StoredColumn,
): string | null => {
  const parts: string[] = [];
  for (const column of columns) {
    if (!feedsFullText(column)) continue;
    const value = record[column.name];
    if (value === null || value === undefined || value === '') continue;
    parts.push(String(value));
  }
  return parts.length === 0 ? null : fit(target, parts.join(' '));
};
