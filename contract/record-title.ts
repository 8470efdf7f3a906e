import type { CaptionLanguage } from './captions';
import { choiceCaption, choiceValuesOf } from './choice';
import type { Column } from './metadata';
import { isSearchBody } from './search-body';
import { isSystemColumnName } from './system-columns';

/** A record as the API answers it: column (and relation) name → value. */
type BusinessRecord = Readonly<Record<string, unknown>>;

/** What the rules read of a column (the web app's metadata and the server's stored rows alike). */
type TitledColumn = Pick<Column, 'name' | 'indexType' | 'displayOrder'> & { dataType: string };

/** What the rules read of a table. */
interface TitledTable {
  columns?: readonly TitledColumn[] | null;
  primaryNames?: readonly string[] | null;
  titleColumn?: string | null;
  reverse?: boolean | null;
}

const TEXT_TYPES: readonly string[] = ['CHAR', 'VARCHAR', 'TEXT', 'LONGTEXT'];

/** The key columns of a table: its `primaryNames`, else its PRIMARY column, else `id`. */
const keyNamesOf = (table: TitledTable): string[] => {
  if (table.primaryNames && table.primaryNames.length > 0) return [...table.primaryNames];
  const primary = (table.columns ?? []).filter((c) => c.indexType === 'PRIMARY').map((c) => c.name);
  return primary.length > 0 ? primary : ['id'];
};

/** A column a record can be named by: text, not a password, not filled by the server (`name` is fine). */
const isTitleCandidate = (table: TitledTable, column: TitledColumn): boolean =>
  TEXT_TYPES.includes(column.dataType) &&
  !isSearchBody(table, column) &&
  (column.name === 'name' || !isSystemColumnName(column.name));

/**
 * The column that names a table's records: the administrator's choice when it still exists, else
 * the first text column in display order that is not a system one (`name` counts), else none (the
 * key names the record).
 */
export const titleColumnOf = (
  table: TitledTable,
  chosen: string | null | undefined = table.titleColumn,
): string | null => {
  const columns = [...(table.columns ?? [])].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
  if (chosen && columns.some((c) => c.name === chosen)) return chosen;
  return columns.find((column) => isTitleCandidate(table, column))?.name ?? null;
};

const present = (value: unknown): boolean =>
  value !== undefined && value !== null && String(value).trim() !== '';

/**
 * How a record is shown wherever it is referred to (pickers, forms, delete confirmations, cells of
 * a relation): its title column's value (the table's `titleColumn`, else the default rule), else
 * its key (several key columns joined with `|`).
 */
export const recordTitle = (
  table: TitledTable,
  record: BusinessRecord | null | undefined,
  chosen: string | null | undefined = table.titleColumn,
): string => {
  if (!record) return '';
  const title = titleColumnOf(table, chosen);
  if (title && present(record[title])) return String(record[title]).trim();
  return keyNamesOf(table)
    .map((name) => record[name])
    .filter(present)
    .map(String)
    .join('|');
};

/**
 * A record's title as a person reads it in `language`: `recordTitle`, except that a choice column's
 * value (the title of a run table is its status) shows its options' captions, as its list cell
 * does, and not the stored values.
 */
export const readableRecordTitle = (
  table: Omit<TitledTable, 'columns'> & {
    columns?: readonly (TitledColumn & Pick<Column, 'options' | 'multipleValue'>)[] | null;
  },
  record: BusinessRecord | null | undefined,
  language: CaptionLanguage,
): string => {
  const title = recordTitle(table, record);
  const name = titleColumnOf(table);
  const column = (table.columns ?? []).find((candidate) => candidate.name === name);
  const options = column?.options ?? [];
  if (!record || !column || options.length === 0 || !present(record[column.name])) return title;
  return choiceValuesOf(record[column.name], Boolean(column.multipleValue))
    .map((value) => {
      const option = options.find((candidate) => candidate.value === value);
      return option ? choiceCaption(option, language) : value;
    })
    .join(', ');
};
