import type { Relation, RelationType, Table } from '../../../contract';
import { issue, nameIssue, type Issues } from '../../common/lib/name-rules';
import {
  compatibleKeyTypes,
  isKeyLikeColumn,
  relationSides,
  suggestedForeignKeyColumn,
  suggestedKeyColumn,
} from './relation-rules';

/** What the relation form edits: ids are null until chosen. */
export interface RelationDraft {
  name: string;
  caption: string;
  description: string;
  relationType: RelationType | null;
  fromTableId: number | null;
  fromColumnId: number | null;
  toTableId: number | null;
  toColumnId: number | null;
}

export type RelationField = keyof RelationDraft;

export const newRelationDraft = (): RelationDraft => ({
  name: '',
  caption: '',
  description: '',
  relationType: null,
  fromTableId: null,
  fromColumnId: null,
  toTableId: null,
  toColumnId: null,
});

export const toRelationDraft = (relation: Relation): RelationDraft => ({
  name: relation.name ?? '',
  caption: relation.caption ?? '',
  description: relation.description ?? '',
  relationType: relation.relationType ?? null,
  fromTableId: relation.fromTable?.id ?? null,
  fromColumnId: relation.fromColumn?.id ?? null,
  toTableId: relation.toTable?.id ?? null,
  toColumnId: relation.toColumn?.id ?? null,
});

/** Changing a table clears the column chosen for it. */
export const patchRelationDraft = (draft: RelationDraft, patch: Partial<RelationDraft>): RelationDraft => {
  const next = { ...draft, ...patch };
  if ('fromTableId' in patch && patch.fromTableId !== draft.fromTableId && !('fromColumnId' in patch))
    next.fromColumnId = null;
  if ('toTableId' in patch && patch.toTableId !== draft.toTableId && !('toColumnId' in patch))
    next.toColumnId = null;
  return next;
};

/**
 * Fills the columns still empty once a type and a table are chosen: the primary key for the end
 * that holds the key, and for the foreign-key end a column named after the other table
 * (`customerId` for `customer.id`) when exactly one fits.
 */
export const suggestColumns = (draft: RelationDraft, tables: readonly Table[]): RelationDraft => {
  if (!draft.relationType) return draft;
  const sides = relationSides(draft.relationType);
  const fromTable = tables.find((t) => t.id === draft.fromTableId);
  const toTable = tables.find((t) => t.id === draft.toTableId);
  const next = { ...draft };
  const keyEnd = sides.from === 'key' ? 'from' : 'to';
  const keyTable = keyEnd === 'from' ? fromTable : toTable;
  const fkTable = keyEnd === 'from' ? toTable : fromTable;
  const keyField = keyEnd === 'from' ? 'fromColumnId' : 'toColumnId';
  const fkField = keyEnd === 'from' ? 'toColumnId' : 'fromColumnId';
  if (next[keyField] === null && keyTable) next[keyField] = suggestedKeyColumn(keyTable)?.id ?? null;
  if (next[fkField] === null && fkTable && keyTable) {
    const key = keyTable.columns.find((c) => c.id === next[keyField]);
    next[fkField] = suggestedForeignKeyColumn(fkTable, keyTable, key)?.id ?? null;
  }
  return next;
};

const columnOf = (tables: readonly Table[], tableId: number | null, columnId: number | null) =>
  tables.find((t) => t.id === tableId)?.columns.find((c) => c.id === columnId);

/**
 * Checks before saving, as the server makes them: a valid name that is not a column of the
 * from-table, a type, both tables, key-like columns that belong to their tables, and key types
 * of the same family (integer with integer, text with text).
 */
export const validateRelation = (draft: RelationDraft, tables: readonly Table[]): Issues => {
  const out: Issues = {};
  const name = nameIssue(draft.name);
  if (name && name.key !== 'reservedWord') out.name = name;
  if (!draft.relationType) out.relationType = issue('required');
  if (draft.fromTableId === null) out.fromTableId = issue('required');
  if (draft.toTableId === null) out.toTableId = issue('required');
  const fromTable = tables.find((t) => t.id === draft.fromTableId);
  if (!out.name && fromTable?.columns.some((c) => c.name.toLowerCase() === draft.name.trim().toLowerCase()))
    out.name = issue('relationNameIsColumn', { table: fromTable.name });
  const from = columnOf(tables, draft.fromTableId, draft.fromColumnId);
  const to = columnOf(tables, draft.toTableId, draft.toColumnId);
  if (draft.fromColumnId === null) out.fromColumnId = issue('required');
  else if (draft.fromTableId !== null && (!from || !isKeyLikeColumn(from)))
    out.fromColumnId = issue('relationColumn');
  if (draft.toColumnId === null) out.toColumnId = issue('required');
  else if (draft.toTableId !== null && (!to || !isKeyLikeColumn(to)))
    out.toColumnId = issue('relationColumn');
  if (from && to && !out.fromColumnId && !out.toColumnId && !compatibleKeyTypes(from.dataType, to.dataType))
    out.toColumnId = issue('relationKeyTypes', { from: from.dataType, to: to.dataType });
  return out;
};

/** Body of POST / PATCH `/api/metadata/tablerelations`: tables and columns as `{id}` references. */
export const buildRelationPayload = (draft: RelationDraft): Relation => ({
  name: draft.name.trim(),
  caption: draft.caption.trim(),
  description: draft.description.trim() || null,
  relationType: draft.relationType as RelationType,
  fromTable: { id: draft.fromTableId as number },
  fromColumn: { id: draft.fromColumnId as number },
  toTable: { id: draft.toTableId as number },
  toColumn: { id: draft.toColumnId as number },
});

const FIELD_ALIASES: Record<string, RelationField> = {
  fromTable: 'fromTableId',
  toTable: 'toTableId',
  fromColumn: 'fromColumnId',
  toColumn: 'toColumnId',
};

/**
 * The server's field errors (`fromColumn`, `fromColumn.id`, `toTable`...) keyed by the form's
 * fields; errors of fields the form does not show stay under their own names.
 */
export const relationServerErrors = (errors: Record<string, string> | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(errors ?? {})) {
    const head = path.split(/[.[]/)[0] ?? path;
    const field = FIELD_ALIASES[head] ?? head;
    if (!(field in out)) out[field] = text;
  }
  return out;
};
