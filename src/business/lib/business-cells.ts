import dayjs from 'dayjs';
import { isFilledOnCreate, isSearchBody, type Column, type Relation, type Table } from '../../../contract';
import type { BusinessRecord } from './business-record';
import { findLayout, type FormLayout } from './business-meta';
import { titleColumnOf } from '../../../contract';
import { formatBytes } from '../../upload/lib/transfer-rate';

/** docs/product.md §9 formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** docs/product.md §5: text cells are cut at 100 characters. */
export const TEXT_CELL_LIMIT = 100;
export const ELLIPSIS = '...';

/** `text` cut at `limit` characters (not splitting a character) with an ellipsis when longer. */
export const truncateText = (text: string, limit: number = TEXT_CELL_LIMIT): string => {
  if (text.length <= limit) return text;
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit).join('')}${ELLIPSIS}`;
};

const TIME_TEXT = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

const pad = (text: string | undefined): string => (text ?? '0').padStart(2, '0');

/** A DATE, TIME or DATETIME value (text or epoch milliseconds) in its docs/product.md §9 format; unreadable values as they are. */
export const formatTemporal = (dataType: 'DATE' | 'TIME' | 'DATETIME', value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (dataType === 'TIME' && typeof value === 'string') {
    const match = TIME_TEXT.exec(value.trim());
    if (match) return `${pad(match[1])}:${pad(match[2])}:${pad(match[3])}`;
  }
  const parsed =
    typeof value === 'number' || (typeof value === 'string' && /^\d{10,}$/.test(value))
      ? dayjs(Number(value))
      : dayjs(String(value));
  if (!parsed.isValid()) return String(value);
  const format = dataType === 'DATE' ? DATE_FORMAT : dataType === 'TIME' ? TIME_FORMAT : DATE_TIME_FORMAT;
  return parsed.format(format);
};

/**
 * Columns never shown in lists (docs/product.md §3, §5): passwords and the search body (a reversed
 * table's search-indexed column is its own data, and shown).
 */
export const isListable = (table: Pick<Table, 'reverse'>, column: Column): boolean =>
  column.dataType !== 'PASSWORD' && !isSearchBody(table, column);

/**
 * The columns of the list: those of the pc list layout in its order when one is saved (and names
 * at least one shown column), else every column of the table with the bookkeeping columns last;
 * never passwords or full-text.
 */
export const listColumns = (table: Table, layouts: readonly FormLayout[]): Column[] => {
  const shown = table.columns.filter((column) => isListable(table, column));
  const layout = findLayout(layouts, 'list');
  if (layout) {
    const byId = new Map(
      shown.filter((column) => column.id !== undefined).map((column) => [column.id, column]),
    );
    const picked = layout.body.flatMap((item) => {
      const column = byId.get(item.columnId);
      return column ? [column] : [];
    });
    if (picked.length > 0) return [...new Set(picked)];
  }
  return [
    ...shown.filter((column) => !isFilledOnCreate(column.name)),
    ...shown.filter((column) => isFilledOnCreate(column.name)),
  ];
};

/** The relations whose value a column of the table holds (the related record is shown there). */
export const isToOneRelation = (relation: Relation): boolean =>
  relation.relationType === 'ManyToOne' || relation.relationType === 'OneToOneSubToMain';

/**
 * What names a column in headers, labels and filters: its to-one relation when that relation has a
 * caption (a foreign key reads "Album", not "AlbumId", since its cells show the related record),
 * else the column itself.
 */
export const captionSourceOf = (
  column: Column,
  relation: Relation | undefined,
): Pick<Column, 'name' | 'caption' | 'captions'> =>
  relation && isToOneRelation(relation) && (relation.caption?.trim() || relation.captions)
    ? relation
    : column;

/** The to-one relation of each from-column, by column name. */
export const relationsByColumn = (relations: readonly Relation[]): Map<string, Relation> => {
  const map = new Map<string, Relation>();
  for (const relation of relations) {
    const name = relation.fromColumn.name;
    if (name && isToOneRelation(relation) && !map.has(name)) map.set(name, relation);
  }
  return map;
};

const plain = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * How a related record reads in a cell, a filter or a picker: the value of its table's title column
 * (the one the administrator chose, else the first text column crudboard does not fill), else the
 * related key.
 */
export const relatedText = (
  related: BusinessRecord,
  relatedTable: Table | undefined,
  keyName: string | undefined,
): string => {
  const title = relatedTable ? titleColumnOf(relatedTable) : null;
  if (title !== null && plain(related[title]).trim() !== '') return plain(related[title]).trim();
  const keys = keyName ? [keyName] : (relatedTable?.primaryNames ?? []);
  return keys
    .map((name) => plain(related[name]))
    .filter((text) => text !== '')
    .join(',');
};

export interface CellLabels {
  yes: string;
  no: string;
}

/** What the list shows for a relation column: the embedded related record(s), else the stored value. */
export const relationCellText = (
  record: BusinessRecord,
  column: Column,
  relation: Relation,
  relatedTable: Table | undefined,
): string => {
  const embedded = record[relation.name];
  const related = (Array.isArray(embedded) ? embedded : [embedded]).filter(
    (item): item is BusinessRecord => typeof item === 'object' && item !== null,
  );
  if (related.length === 0) return plain(record[column.name]);
  return related
    .map((item) => relatedText(item, relatedTable, relation.toColumn.name) || plain(record[column.name]))
    .join(', ');
};

/**
 * The cell of a relation column whose table the user may not read: the related keys as `#11`
 * (several, comma-separated, as `#1, #2`).
 */
export const keyCellText = (value: unknown): string =>
  plain(value)
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
    .map((key) => `#${key}`)
    .join(', ');

/** The text of one cell of a column (docs/product.md §2, §5, §9), attachments and relations aside. */
export const cellText = (column: Column, value: unknown, labels: CellLabels): string => {
  if (value === null || value === undefined || value === '') return '';
  switch (column.dataType) {
    case 'BOOL':
      return value === true || value === 1 || value === 'true' || value === '1' ? labels.yes : labels.no;
    case 'DATE':
    case 'TIME':
    case 'DATETIME':
      return formatTemporal(column.dataType, value);
    case 'TEXT':
    case 'LONGTEXT':
      return truncateText(plain(value));
    default:
      return plain(value);
  }
};

/**
 * Whether a column holds a size in bytes that reads best with a unit: the size of a stored file in
 * crudboard's own file list (a business table's number column keeps its digits).
 */
export const isByteSizeColumn = (table: Pick<Table, 'name' | 'systemable'>, column: Column): boolean =>
  table.systemable === true && table.name === 'file' && column.name === 'size';

/** A size in bytes with its unit (`1536` → `1.5 KB`); what is not a whole number as it is. */
export const byteSizeText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const bytes = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(bytes) && bytes >= 0 ? formatBytes(bytes) : plain(value);
};

const IMAGE_PATH = /\.(png|jpe?g|gif|webp)$/i;

/** Whether an attachment link is a picture the browser shows (png, jpg, gif, webp), by its file name. */
export const isImageHref = (href: string): boolean => {
  const path = href.split(/[?#]/)[0] ?? '';
  return IMAGE_PATH.test(path);
};

/**
 * The link of an ATTACHMENT value: a server path (on the server's origin) or an http(s) URL;
 * anything else (`javascript:`, `data:`) is not a link.
 */
export const attachmentHref = (value: unknown, base = ''): string | null => {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
};
