import { format, type Localized, type Params } from './messages';

/** Messages of reverse engineering (docs/api.md §2.1 `metadatas`), Chinese and English. */
export const REVERSE_MESSAGES = {
  tableMissing: { zh: '数据库中不存在表：{names}', en: 'the database has no table: {names}' },
  tableInternal: {
    zh: '{name} 是 crudboard 或数据库自身使用的表，不能逆向',
    en: '{name} is a table of crudboard or of the database itself and cannot be reverse-engineered',
  },
  tableManaged: {
    zh: '表已由元数据管理，不能重复逆向：{names}',
    en: 'already managed by metadata, cannot be reverse-engineered again: {names}',
  },
  tableDuplicate: { zh: '表 {name} 在列表中重复', en: 'table {name} is listed twice' },
  tableNameUnusable: {
    zh: '表名 {name} 无法使用：不能包含点号、控制字符或“ as ”，最长 63 个字符',
    en: 'the table name {name} cannot be used: no dots, control characters or " as ", at most 63 characters',
  },
  columnNameUnusable: {
    zh: '表 {table} 的字段名 {names} 无法使用：只能包含文字、数字、下划线和 $，中间可有空格和连字符，最长 63 个字符',
    en: 'the column names {names} of table {table} cannot be used: only letters of any script, digits, underscores and $, with spaces and hyphens inside, at most 63 characters',
  },
  columnNameClash: {
    zh: '表 {table} 的字段名 {names} 仅大小写不同，无法区分',
    en: 'the column names {names} of table {table} differ only in case',
  },
  noColumns: { zh: '表 {name} 没有字段', en: 'table {name} has no columns' },
} as const satisfies Record<string, Localized>;

export type ReverseMessageKey = keyof typeof REVERSE_MESSAGES;

export const reverseMessage = (key: ReverseMessageKey, params: Params = {}): Localized => ({
  zh: format(REVERSE_MESSAGES[key], 'zh', params),
  en: format(REVERSE_MESSAGES[key], 'en', params),
});
