import type { DataType } from './data-types';

/** What the rule reads of a column. */
export interface TitleCandidateColumn {
  name: string;
  dataType: DataType | string;
  indexType?: string | null;
}

const TEXT_TYPES: readonly string[] = ['CHAR', 'VARCHAR', 'TEXT', 'LONGTEXT'];

/** Names (lower case, without `_`, `-` and spaces) that say "this names the record". */
const NAMING_WORDS: readonly string[] = [
  'name',
  'title',
  'caption',
  'label',
  'subject',
  'fullname',
  'displayname',
  '名称',
  '名字',
  '姓名',
  '标题',
  '主题',
];

const bare = (name: string): string => name.toLowerCase().replace(/[\s_-]/g, '');

/** How well a text column names a record: a naming word, a name ending in one, a unique value. */
const scoreOf = (column: TitleCandidateColumn): number => {
  const name = bare(column.name);
  if (NAMING_WORDS.includes(name)) return 3;
  if (name.endsWith('name') || name.endsWith('title') || /(名称|名字|姓名|标题)$/.test(name)) return 2;
  if (column.indexType === 'UNIQUE') return 1;
  return 0;
};

/**
 * The title column a reversed table starts with (the column whose value names a record in
 * relations, pickers and confirmations): among its text columns (in the order given), the first
 * whose name is a naming word (`name`, `title`, `名称`...), else the first whose name ends in one
 * (`album_title`, `FirstName`), else the first with unique values, else the first text column;
 * null when there is none (the key names the record). `columns` are the candidates: the caller
 * leaves out passwords, the search body and bookkeeping columns.
 */
export const suggestTitleColumn = (columns: readonly TitleCandidateColumn[]): string | null => {
  let best: { name: string; score: number } | null = null;
  for (const column of columns) {
    if (!TEXT_TYPES.includes(column.dataType)) continue;
    const score = scoreOf(column);
    if (!best || score > best.score) best = { name: column.name, score };
  }
  return best?.name ?? null;
};
