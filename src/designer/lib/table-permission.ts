import {
  BUSINESS_ACTIONS,
  businessPermission,
  isSearchBody,
  type BusinessAction,
  type Column,
  type Table,
} from '../../../contract';
import { noRowRules, toRowRulesDraft, tryRowRulesText, type RowRulesDraft } from './row-rule-draft';

/** What a role may do with one column (`tablePermission.columns`, docs/api.md §3). */
export interface ColumnGrant {
  read: boolean;
  update: boolean;
}

/** The table permission of one role on one table, as the page edits it. */
export interface TablePermissionDraft {
  /** The stored record's id; absent until first saved. */
  id?: number;
  actions: Record<BusinessAction, boolean>;
  /** By column id. */
  columns: Record<number, ColumnGrant>;
  /** Which records each action reaches (row-rule-draft.ts). */
  rowRules: RowRulesDraft;
}

/** The record written through the business API of `tablePermission`. */
export interface TablePermissionPayload {
  permissions: string;
  columns: string;
  /** JSON text of the row rules, null for none; undefined while a rule is unreadable JSON (not saved then). */
  rowRules: string | null | undefined;
}

export type GrantField = keyof ColumnGrant;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback;

/** Columns a permission can name: every column but the search body, which is never returned. */
export const permissionColumns = (columns: readonly Column[], table: Pick<Table, 'reverse'> = {}): Column[] =>
  columns.filter((column) => column.id !== undefined && !isSearchBody(table, column));

const noActions = (): Record<BusinessAction, boolean> =>
  Object.fromEntries(BUSINESS_ACTIONS.map((action) => [action, false])) as Record<BusinessAction, boolean>;

/** No record yet: no extra actions, and every column readable and (when updatable) writable. */
export const emptyPermission = (
  columns: readonly Column[],
  table: Pick<Table, 'reverse'> = {},
): TablePermissionDraft => ({
  actions: noActions(),
  columns: Object.fromEntries(
    permissionColumns(columns, table).map((column) => [column.id as number, { read: true, update: true }]),
  ),
  rowRules: noRowRules(),
});

/**
 * The draft of a stored record: `permissions` holds comma-separated codes, of which those naming
 * this table (`business:<table>:<action>`) become actions; `columns` holds JSON
 * `[{columnId, read, update}]`. Columns the record does not name keep full access.
 */
export const toPermissionDraft = (
  record: unknown,
  tableName: string,
  columns: readonly Column[],
  table: Pick<Table, 'reverse'> = {},
): TablePermissionDraft => {
  const draft = emptyPermission(columns, table);
  if (!isObject(record)) return draft;
  const id = numberOf(record.id);
  if (id !== undefined) draft.id = id;
  const codes = new Set(
    String(record.permissions ?? '')
      .split(',')
      .map((code) => code.trim()),
  );
  for (const action of BUSINESS_ACTIONS) {
    draft.actions[action] = codes.has(businessPermission(tableName, action));
  }
  draft.rowRules = toRowRulesDraft(record.rowRules);
  let parsed: unknown = record.columns;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed) as unknown;
    } catch {
      parsed = [];
    }
  }
  if (Array.isArray(parsed)) {
    for (const entry of parsed) {
      if (!isObject(entry)) continue;
      const columnId = numberOf(entry.columnId);
      if (columnId === undefined || !draft.columns[columnId]) continue;
      const read = flag(entry.read, true);
      draft.columns[columnId] = { read, update: read && flag(entry.update, true) };
    }
  }
  return draft;
};

/** The record fields of a draft: every column named, in the table's order. */
export const toPermissionPayload = (
  draft: TablePermissionDraft,
  tableName: string,
  columns: readonly Column[],
  table: Pick<Table, 'reverse'> = {},
): TablePermissionPayload => ({
  permissions: BUSINESS_ACTIONS.filter((action) => draft.actions[action])
    .map((action) => businessPermission(tableName, action))
    .join(','),
  columns: JSON.stringify(
    permissionColumns(columns, table).map((column) => {
      const grant = draft.columns[column.id as number] ?? { read: true, update: true };
      return { columnId: column.id as number, read: grant.read, update: grant.read && grant.update };
    }),
  ),
  rowRules: tryRowRulesText(draft.rowRules),
});

/** One cell changed: no update without read (unticking read clears update, ticking update ticks read). */
export const withGrant = (
  draft: TablePermissionDraft,
  columnId: number,
  field: GrantField,
  value: boolean,
): TablePermissionDraft => {
  const current = draft.columns[columnId] ?? { read: true, update: true };
  const next: ColumnGrant =
    field === 'read'
      ? { read: value, update: value ? current.update : false }
      : { read: value ? true : current.read, update: value };
  return { ...draft, columns: { ...draft.columns, [columnId]: next } };
};

/** A whole grid column set at once (the header's select-all); `locked` columns keep their read. */
export const withAllGrants = (
  draft: TablePermissionDraft,
  columnIds: readonly number[],
  field: GrantField,
  value: boolean,
  locked: ReadonlySet<number> = new Set(),
): TablePermissionDraft =>
  columnIds.reduce(
    (next, columnId) =>
      field === 'read' && !value && locked.has(columnId) ? next : withGrant(next, columnId, field, value),
    draft,
  );

/** How many of the columns have the field ticked: the header checkbox is all, none or partly ticked. */
export const grantState = (
  draft: TablePermissionDraft,
  columnIds: readonly number[],
  field: GrantField,
): { checked: boolean; indeterminate: boolean } => {
  const ticked = columnIds.filter((columnId) => draft.columns[columnId]?.[field]).length;
  return {
    checked: columnIds.length > 0 && ticked === columnIds.length,
    indeterminate: ticked > 0 && ticked < columnIds.length,
  };
};

/** Whether two drafts save the same record (the unsaved-changes check). */
export const samePermission = (
  a: TablePermissionDraft,
  b: TablePermissionDraft,
  tableName: string,
  columns: readonly Column[],
  table: Pick<Table, 'reverse'> = {},
): boolean => {
  const x = toPermissionPayload(a, tableName, columns, table);
  const y = toPermissionPayload(b, tableName, columns, table);
  const rules = (draft: TablePermissionDraft) =>
    tryRowRulesText(draft.rowRules) ?? JSON.stringify(draft.rowRules);
  return x.permissions === y.permissions && x.columns === y.columns && rules(a) === rules(b);
};
