import { format, type Localized, type Params } from './messages';

/** Messages of metadata export and import (docs/api.md §2.1), Chinese and English. */
export const TRANSFER_MESSAGES = {
  empty: {
    zh: '文件中没有表、序列号或关系',
    en: 'The file holds no tables, sequences or relations',
  },
  conflicts: {
    zh: '导入的内容与已有元数据冲突，没有导入任何内容',
    en: 'The import conflicts with existing metadata; nothing was imported',
  },
  sequenceExists: { zh: '序列号 {name} 已存在', en: 'sequence {name} exists already' },
  relationExists: {
    zh: '表 {table} 已有名为 {name} 的关系',
    en: 'table {table} already has a relation named {name}',
  },
  duplicateInFile: {
    zh: '名称 {name} 在文件中重复（不区分大小写）',
    en: '{name} appears twice in the file (names ignore case)',
  },
  sequenceMissing: {
    zh: '文件中没有 id 为 {id} 的序列号',
    en: 'the file has no sequence with id {id}',
  },
  tableMissing: {
    zh: '找不到表 {ref}（文件中和数据库中都没有）',
    en: 'there is no table {ref} in the file or the database',
  },
  columnMissing: { zh: '表 {table} 中没有字段 {ref}', en: 'table {table} has no column {ref}' },
  layoutsTwice: {
    zh: '文件同时含有 tableFormBuilders 和 tableBuilders，请只保留一个',
    en: 'the file holds both tableFormBuilders and tableBuilders; keep one of them',
  },
  layoutBody: { zh: '布局不是合法的 JSON', en: 'the layout is not valid JSON' },
  roleMissing: {
    zh: '没有编码为 {code} 的角色，请先创建该角色，或从文件中去掉这条表权限',
    en: 'there is no role with code {code}; create it first, or take this table permission out of the file',
  },
  permissionTwice: {
    zh: '文件中同一张表对角色 {code} 有两条表权限',
    en: 'the file holds two table permissions of role {code} on one table',
  },
  permissionJson: { zh: '不是合法的 JSON 文本', en: 'not valid JSON text' },
  fileRequired: { zh: '请选择要导入的文件', en: 'choose a file to import' },
  fileNotJson: { zh: '文件不是合法的 JSON', en: 'the file is not valid JSON' },
  legacySystemable: {
    zh: '只有 crudboard 自己的系统表才能标为系统表（systemable）',
    en: 'only crudboard’s own tables are systemable',
  },
} as const satisfies Record<string, Localized>;

export type TransferMessageKey = keyof typeof TRANSFER_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const transferMessage = (key: TransferMessageKey, params: Params = {}): Localized => ({
  zh: format(TRANSFER_MESSAGES[key], 'zh', params),
  en: format(TRANSFER_MESSAGES[key], 'en', params),
});
