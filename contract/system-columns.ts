import type { DataType } from './data-types';

/** The columns a new table starts with, in this order (docs/contract.md). */
export const SYSTEM_COLUMN_NAMES = [
  'id',
  'name',
  'fullTextBody',
  'createdDate',
  'lastModifiedDate',
  'createById',
  'updateById',
  'ownerId',
  'isDeleted',
] as const;
export type SystemColumnName = (typeof SYSTEM_COLUMN_NAMES)[number];

/** What the server does with one system column, and so what forms, lists and templates show. */
export interface SystemColumnTraits {
  /** The data type a new table gives it. */
  dataType: DataType;
  /**
   * The server writes it on create and ignores a value sent for it. These are the bookkeeping
   * columns: listed after the table's own, left out of the full-text body and import templates.
   */
  filledOnCreate: boolean;
  /** A value sent for it on update is ignored (the server keeps or stamps it). */
  lockedOnUpdate: boolean;
  /** Kept by the server from the other columns (the full-text body): never a form input. */
  derived: boolean;
}

const plain = (dataType: DataType): SystemColumnTraits => ({
  dataType,
  filledOnCreate: false,
  lockedOnUpdate: false,
  derived: false,
});
const stamped = (dataType: DataType): SystemColumnTraits => ({
  dataType,
  filledOnCreate: true,
  lockedOnUpdate: true,
  derived: false,
});

export const SYSTEM_COLUMNS: Readonly<Record<SystemColumnName, SystemColumnTraits>> = {
  id: plain('BIGINT'),
  name: plain('VARCHAR'),
  fullTextBody: { ...plain('TEXT'), derived: true },
  createdDate: stamped('DATETIME'),
  lastModifiedDate: stamped('DATETIME'),
  createById: stamped('BIGINT'),
  updateById: stamped('BIGINT'),
  ownerId: stamped('BIGINT'),
  // Written false on create, but writable on update so that a soft-deleted record can be restored.
  isDeleted: { ...stamped('BOOL'), lockedOnUpdate: false },
};

/** The optimistic-lock column: an update sends it back as it was loaded. */
export const LOCK_COLUMN = 'lastModifiedDate' satisfies SystemColumnName;
/** The soft-delete flag. */
export const SOFT_DELETE_COLUMN = 'isDeleted' satisfies SystemColumnName;

/** The bookkeeping columns that hold a user's id: who created, last modified and owns a record. */
export const USER_ID_COLUMNS: readonly string[] = [
  'createById',
  'updateById',
  'ownerId',
] satisfies SystemColumnName[];

/**
 * Key under which a record read through the API carries the names of the users its bookkeeping
 * columns hold, `{"<user id>": "<real name, else user name>"}`, so that every reader of the record
 * sees who, not an id, without the right to read the user table (no column is named so).
 */
export const USER_NAMES_KEY = '$userNames';

export const isSystemColumnName = (name: string): name is SystemColumnName =>
  Object.hasOwn(SYSTEM_COLUMNS, name);

const having = (trait: 'filledOnCreate' | 'lockedOnUpdate' | 'derived'): readonly SystemColumnName[] =>
  SYSTEM_COLUMN_NAMES.filter((name) => SYSTEM_COLUMNS[name][trait]);

/** The bookkeeping columns: filled by the server on create. */
export const FILLED_ON_CREATE = having('filledOnCreate');
/** The columns an update may not write. */
export const LOCKED_ON_UPDATE = having('lockedOnUpdate');

/** Whether the server fills the column on create (a bookkeeping column). */
export const isFilledOnCreate = (name: string): boolean =>
  isSystemColumnName(name) && SYSTEM_COLUMNS[name].filledOnCreate;

/** Whether an update may not write the column. */
export const isLockedOnUpdate = (name: string): boolean =>
  isSystemColumnName(name) && SYSTEM_COLUMNS[name].lockedOnUpdate;

/** Whether a record form never asks for the column: the server fills or derives it. */
export const isServerFilled = (name: string): boolean =>
  isSystemColumnName(name) && (SYSTEM_COLUMNS[name].filledOnCreate || SYSTEM_COLUMNS[name].derived);

/** The captions a new table's system columns get, per UI language. */
export const SYSTEM_COLUMN_CAPTIONS: Readonly<
  Record<SystemColumnName, { 'zh-CN': string; 'en-US': string }>
> = {
  id: { 'zh-CN': '编号', 'en-US': 'ID' },
  name: { 'zh-CN': '名称', 'en-US': 'Name' },
  fullTextBody: { 'zh-CN': '全文索引', 'en-US': 'Full-text body' },
  createdDate: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  lastModifiedDate: { 'zh-CN': '修改时间', 'en-US': 'Modified' },
  createById: { 'zh-CN': '创建者编号', 'en-US': 'Created by' },
  updateById: { 'zh-CN': '修改者编号', 'en-US': 'Modified by' },
  ownerId: { 'zh-CN': '所有者编号', 'en-US': 'Owner' },
  isDeleted: { 'zh-CN': '是否删除', 'en-US': 'Deleted' },
};
