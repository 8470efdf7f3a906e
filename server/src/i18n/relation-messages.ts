import { format, type Localized, type Params } from './messages';

/** Messages of relations between tables (docs/api.md §2.3), Chinese and English. */
export const RELATION_MESSAGES = {
  required: { zh: '不能为空', en: 'is required' },
  systemRelation: {
    zh: '系统表 {name} 的关系由 crudboard 维护，不能添加、修改或删除',
    en: 'relations of the system table {name} are maintained by crudboard and cannot be added, changed or deleted',
  },
  namePattern: {
    zh: '只能包含字母、数字和下划线，不能以数字开头，最长 64 个字符',
    en: 'may contain only letters, digits and underscores, must not start with a digit, at most 64 characters',
  },
  tableUnknown: { zh: '表 {id} 不存在', en: 'there is no table {id}' },
  columnUnknown: { zh: '字段 {id} 不存在', en: 'there is no column {id}' },
  columnNotOfTable: {
    zh: '字段 {column} 不属于表 {table}',
    en: 'column {column} does not belong to table {table}',
  },
  columnNotKeyLike: {
    zh: '只能选择该表的整数、CHAR 或 VARCHAR 字段，{column} 是 {type}',
    en: 'only integer, CHAR or VARCHAR columns can be used; {column} is {type}',
  },
  keyTypes: {
    zh: '两端字段类型不兼容（{from} 与 {to}）：整数对整数，文本对文本',
    en: 'the key types do not match ({from} and {to}): integer with integer, text with text',
  },
  sameColumn: {
    zh: '关系的两端不能是同一个字段',
    en: 'both ends of a relation cannot be the same column',
  },
  nameIsColumn: {
    zh: '与表 {table} 的字段同名',
    en: 'table {table} has a column of the same name',
  },
  sameEnds: {
    zh: '表 {table} 的关系 {name} 已连接这两个字段，不能重复添加',
    en: 'relation {name} of table {table} already joins these two columns',
  },
  nameTaken: {
    zh: '表 {table} 已有名为 {name} 的关系（不区分大小写）',
    en: 'table {table} already has a relation named {name} (names ignore case)',
  },
} as const satisfies Record<string, Localized>;

export type RelationMessageKey = keyof typeof RELATION_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const relationMessage = (key: RelationMessageKey, params: Params = {}): Localized => ({
  zh: format(RELATION_MESSAGES[key], 'zh', params),
  en: format(RELATION_MESSAGES[key], 'en', params),
});
