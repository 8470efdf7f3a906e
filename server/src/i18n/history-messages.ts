import { format, type Localized, type Params } from './messages';

/** Messages of record history (docs/api.md §3, record history), Chinese and English. */
export const HISTORY_MESSAGES = {
  otherRecord: {
    zh: '版本 {id} 不属于这条记录',
    en: 'revision {id} is not a revision of this record',
  },
  deletedByRevision: {
    zh: '版本 {id} 删除了这条记录，之后没有可恢复的内容；请选择更早的版本',
    en: 'revision {id} deleted the record, so there is nothing to restore right after it; choose an earlier revision',
  },
  notADeletion: {
    zh: '版本 {id} 不是这张表中一条记录的删除',
    en: 'revision {id} is not the deletion of a record of this table',
  },
  deletedSince: {
    zh: '记录在您打开后已被删除；恢复将重新创建它',
    en: 'the record was deleted after you opened it; restoring creates it again',
  },
  recordExists: {
    zh: '记录 {key} 已经存在（删除后又被创建），不能再恢复',
    en: 'record {key} exists again (it was created after the deletion), so it cannot be restored',
  },
  parentGone: {
    zh: '{column} 指向的 {table} 记录 {value} 已不存在，不能恢复；请先恢复该记录，或只恢复其他字段',
    en: 'the {table} record {value} that {column} points to no longer exists, so this cannot be restored; restore that record first, or restore only other columns',
  },
  notRestorable: {
    zh: '这些字段不能恢复：{names}',
    en: 'these columns cannot be restored: {names}',
  },
} as const satisfies Record<string, Localized>;

export type HistoryMessageKey = keyof typeof HISTORY_MESSAGES;

export const historyMessage = (key: HistoryMessageKey, params: Params = {}): Localized => ({
  zh: format(HISTORY_MESSAGES[key], 'zh', params),
  en: format(HISTORY_MESSAGES[key], 'en', params),
});
