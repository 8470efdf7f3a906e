import type { Knex } from 'knex';
import {
  normalizeCaptions,
  type Captions,
  type DataType,
  type Relation,
  type RelationType,
} from '../../../../contract/index';
import { metaOf, retriedMetaTransaction, type MetaDb } from '../../db/metadata-home';
import { META } from '../../db/table-names';
import { inSource, relationsOf, tablesOf } from '../scoped-meta';
import { captionsText, toBool, toCaptions, toNumber, toStringOrNull } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { relationMessage } from '../../i18n/relation-messages';
import type { RelationBody, RelationReference } from '../../schemas/relation';
import { ErrorBag } from '../tables/error-bag';
import { insertReturningId } from '../../db/insert-returning-id';
import { getTableByName, whereSearch } from '../tables/table-queries';
import { checkRelation, type RelationCandidate, type RelationEnd } from './relation-rules';
import { withSchemaEvents, type SchemaItem } from '../webhooks/append-schema-events';

export type StoredRelation = Required<Omit<Relation, 'fromTable' | 'toTable' | 'fromColumn' | 'toColumn'>> & {
  fromTable: { id: number; name: string; caption: string };
  toTable: { id: number; name: string; caption: string };
  fromColumn: ColumnReference;
  toColumn: ColumnReference;
};

/** A relation's column as it is answered: its id, name, caption and data type. */
export interface ColumnReference {
  id: number;
  name: string;
  caption: string;
  dataType: DataType;
}

type Row = Record<string, unknown>;

const joined = (meta: MetaDb) =>
  relationsOf(meta, 'r')
    .join(`${META.table} as ft`, 'ft.id', 'r.fromTableId')
    .join(`${META.table} as tt`, 'tt.id', 'r.toTableId')
    .join(`${META.column} as fc`, 'fc.id', 'r.fromColumnId')
    .join(`${META.column} as tc`, 'tc.id', 'r.toColumnId');

const COLUMNS = [
  'r.*',
  'ft.name as fromTableName',
  'ft.caption as fromTableCaption',
  'tt.name as toTableName',
  'tt.caption as toTableCaption',
  'fc.name as fromColumnName',
  'fc.caption as fromColumnCaption',
  'fc.dataType as fromColumnDataType',
  'tc.name as toColumnName',
  'tc.caption as toColumnCaption',
  'tc.dataType as toColumnDataType',
];

const columnReference = (row: Row, end: 'from' | 'to'): ColumnReference => ({
  id: toNumber(row[`${end}ColumnId`]),
  name: String(row[`${end}ColumnName`]),
  caption: String(row[`${end}ColumnCaption`] ?? ''),
  dataType: String(row[`${end}ColumnDataType`]) as DataType,
});

export const toRelation = (row: Row): StoredRelation => ({
  id: toNumber(row.id),
  name: String(row.name),
  caption: String(row.caption ?? ''),
  captions: toCaptions(row.captions),
  description: toStringOrNull(row.description),
  relationType: String(row.relationType) as RelationType,
  fromTable: {
    id: toNumber(row.fromTableId),
    name: String(row.fromTableName),
    caption: String(row.fromTableCaption ?? ''),
  },
  toTable: {
    id: toNumber(row.toTableId),
    name: String(row.toTableName),
    caption: String(row.toTableCaption ?? ''),
  },
  fromColumn: columnReference(row, 'from'),
  toColumn: columnReference(row, 'to'),
  createdDate: toNumber(row.createdDate),
  lastModifiedDate: toNumber(row.lastModifiedDate),
});

const filtered = (knex: Knex, search: string | undefined) =>
  whereSearch(joined(metaOf(knex)), ['r.name', 'r.caption'], search);

/** GET /api/metadata/tablerelations: a page, id DESC, `search` over name and caption. */
export const listRelations = async (
  knex: Knex,
  query: { offset: number; limit: number; search?: string },
): Promise<StoredRelation[]> => {
  const rows: Row[] = await filtered(knex, query.search)
    .select(COLUMNS)
    .orderBy('r.id', 'desc')
    .offset(query.offset)
    .limit(query.limit);
  return rows.map(toRelation);
};

export const countRelations = async (knex: Knex, search?: string): Promise<number> =>
  toNumber(((await filtered(knex, search).count({ n: '*' }).first()) as { n: unknown } | undefined)?.n ?? 0);

/** One relation by id, or 404. */
export const getRelation = (knex: Knex, id: number): Promise<StoredRelation> =>
  getMetaRelation(metaOf(knex), id);

const getMetaRelation = async (meta: MetaDb, id: number): Promise<StoredRelation> => {
  const row: Row | undefined = await joined(meta).select(COLUMNS).where('r.id', id).first();
  if (!row) throw new ApiException('NOT_FOUND');
  return toRelation(row);
};

/**
 * Relations as schema events carry them (webhooks): those of `ids`, and those from or to one of
 * `tableIds`, each filed under its from-table and heard by webhooks listing either table.
 */
export const relationSchemaItems = async (
  meta: MetaDb,
  ids: readonly number[],
  tableIds: readonly number[] = [],
): Promise<SchemaItem[]> => {
  if (ids.length === 0 && tableIds.length === 0) return [];
  const rows: Row[] = await joined(meta)
    .select(COLUMNS)
    .where((where) => {
      if (ids.length > 0) where.orWhereIn('r.id', ids);
      if (tableIds.length > 0) where.orWhereIn('r.fromTableId', tableIds).orWhereIn('r.toTableId', tableIds);
    })
    .orderBy('r.id');
  return rows.map(toRelation).map((relation) => ({
    object: 'relation',
    id: relation.id,
    name: relation.name,
    table: relation.fromTable.name,
    names: [relation.fromTable.name, relation.toTable.name],
    value: relation,
  }));
};

/** Relations whose from-table is one of `tableIds` (every relation when absent), id order. */
export const relationsFrom = async (knex: Knex, tableIds?: readonly number[]): Promise<StoredRelation[]> => {
  const query = joined(metaOf(knex)).select(COLUMNS).orderBy('r.id');
  if (tableIds) query.whereIn('r.fromTableId', tableIds);
  const rows: Row[] = await query;
  return rows.map(toRelation);
};

/** GET /fromTable/{id}: the relations of a table, 404 if the table is unknown. */
export const relationsFromTable = async (knex: Knex, tableId: number): Promise<StoredRelation[]> => {
  if (!(await tablesOf(metaOf(knex)).select('id').where('id', tableId).first()))
    throw new ApiException('NOT_FOUND');
  return relationsFrom(knex, [tableId]);
};

/** GET /fromTable/name/{name}: by table name, pluralName or tableName (any case), 404 if none. */
export const relationsFromTableName = async (knex: Knex, name: string): Promise<StoredRelation[]> =>
  relationsFrom(knex, [(await getTableByName(knex, name)).id]);

interface Draft {
  name: string;
  caption: string;
  captions: Captions | null;
  description: string | null;
  relationType: RelationType | null;
  fromTableId: number | null;
  toTableId: number | null;
  fromColumnId: number | null;
  toColumnId: number | null;
}

const text = (value: string | null | undefined): string => (value ?? '').trim();
const refId = (ref: RelationReference | undefined): number | null => ref?.id ?? null;

const draftFromBody = (body: RelationBody, stored?: StoredRelation): Draft => {
  const pick = <K extends 'fromTable' | 'toTable' | 'fromColumn' | 'toColumn'>(key: K): number | null =>
    key in body ? refId(body[key] ?? undefined) : (stored?.[key].id ?? null);
  const name = body.name !== undefined ? text(body.name) : (stored?.name ?? '');
  return {
    name,
    caption: body.caption !== undefined ? text(body.caption) || name : (stored?.caption ?? name),
    captions: body.captions !== undefined ? normalizeCaptions(body.captions) : (stored?.captions ?? null),
    description:
      body.description !== undefined ? text(body.description) || null : (stored?.description ?? null),
    relationType: body.relationType ?? stored?.relationType ?? null,
    fromTableId: pick('fromTable'),
    toTableId: pick('toTable'),
    fromColumnId: pick('fromColumn'),
    toColumnId: pick('toColumn'),
  };
};

interface TableFacts {
  id: number;
  name: string;
  columns: { id: number; name: string; dataType: DataType }[];
}

const loadTableFacts = async (meta: MetaDb, ids: readonly number[]): Promise<Map<number, TableFacts>> => {
  const tables: Row[] = await tablesOf(meta).select('id', 'name').whereIn('id', ids);
  const columns: Row[] = await meta
    .db(META.column)
    .select('id', 'tableId', 'name', 'dataType')
    .whereIn('tableId', ids);
  return new Map(
    tables.map((table) => {
      const id = toNumber(table.id);
      return [
        id,
        {
          id,
          name: String(table.name),
          columns: columns
            .filter((column) => toNumber(column.tableId) === id)
            .map((column) => ({
              id: toNumber(column.id),
              name: String(column.name),
              dataType: String(column.dataType) as DataType,
            })),
        },
      ];
    }),
  );
};

const columnOwner = async (meta: MetaDb, columnId: number): Promise<string | undefined> => {
  const row: Row | undefined = await tablesOf(meta, 't')
    .join(`${META.column} as c`, 't.id', 'c.tableId')
    .select('c.name as columnName', 't.name as tableName')
    .where('c.id', columnId)
    .first();
  return row ? `${String(row.tableName)}.${String(row.columnName)}` : undefined;
};

/** Resolves one end: the table exists, the column exists and belongs to it. */
const resolveEnd = async (
  meta: MetaDb,
  draft: Draft,
  side: 'from' | 'to',
  tables: Map<number, TableFacts>,
  errors: ErrorBag,
): Promise<RelationEnd | undefined> => {
  const tableId = draft[`${side}TableId`];
  const columnId = draft[`${side}ColumnId`];
  const tableField = `${side}Table`;
  const columnField = `${side}Column`;
  if (tableId === null) errors.add(tableField, relationMessage('required'));
  if (columnId === null) errors.add(columnField, relationMessage('required'));
  const table = tableId === null ? undefined : tables.get(tableId);
  if (tableId !== null && !table) errors.add(tableField, relationMessage('tableUnknown', { id: tableId }));
  if (!table || columnId === null) return undefined;
  const column = table.columns.find((candidate) => candidate.id === columnId);
  if (!column) {
    const owner = await columnOwner(meta, columnId);
    errors.add(
      columnField,
      owner
        ? relationMessage('columnNotOfTable', { column: owner, table: table.name })
        : relationMessage('columnUnknown', { id: columnId }),
    );
    return undefined;
  }
  return { table: { name: table.name, columnNames: table.columns.map((c) => c.name) }, column };
};

/** Checks a draft against the database: 400 with every field error, 409 if the name is taken. */
const validateDraft = async (meta: MetaDb, draft: Draft, id?: number): Promise<void> => {
  const ids = [draft.fromTableId, draft.toTableId].filter((value): value is number => value !== null);
  const tables = await loadTableFacts(meta, ids);
  const errors = new ErrorBag();
  const candidate: RelationCandidate = {
    name: draft.name,
    relationType: draft.relationType,
  };
  const from = await resolveEnd(meta, draft, 'from', tables, errors);
  const to = await resolveEnd(meta, draft, 'to', tables, errors);
  if (from) candidate.from = from;
  if (to) candidate.to = to;
  checkRelation(candidate, errors);
  errors.throwIfAny();

  const fromTable = tables.get(draft.fromTableId as number) as TableFacts;
  const clash = relationsOf(meta)
    .select('id')
    .where('fromTableId', fromTable.id)
    .whereRaw('lower(??) = ?', ['name', draft.name.toLowerCase()]);
  if (id !== undefined) clash.whereNot('id', id);
  if (await clash.first()) {
    throw new ApiException('CONFLICT', undefined, {
      name: relationMessage('nameTaken', { name: draft.name, table: fromTable.name }),
    });
  }
  // The same two columns joined twice would show the same related records under two names.
  const twin = relationsOf(meta).select('name').where({
    fromTableId: draft.fromTableId,
    fromColumnId: draft.fromColumnId,
    toTableId: draft.toTableId,
    toColumnId: draft.toColumnId,
  });
  if (id !== undefined) twin.whereNot('id', id);
  const existing: Row | undefined = await twin.first();
  if (existing) {
    throw new ApiException(
      'CONFLICT',
      relationMessage('sameEnds', { name: String(existing.name), table: fromTable.name }),
    );
  }
};

const rowOf = (draft: Draft) => ({
  name: draft.name,
  caption: draft.caption,
  captions: captionsText(draft.captions),
  description: draft.description,
  relationType: draft.relationType,
  fromTableId: draft.fromTableId,
  toTableId: draft.toTableId,
  fromColumnId: draft.fromColumnId,
  toColumnId: draft.toColumnId,
});

/** 409 when one of the tables is a system table: their relations are declared by crudboard. */
const refuseSystemTables = async (meta: MetaDb, tableIds: readonly (number | null)[]): Promise<void> => {
  const ids = tableIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  const tables: Row[] = await tablesOf(meta)
    .select('name', 'systemable')
    .whereIn('id', [...new Set(ids)]);
  const system = tables.find((table) => toBool(table.systemable));
  if (system)
    throw new ApiException('CONFLICT', relationMessage('systemRelation', { name: String(system.name) }));
};

/*
 * Relation writes are metadata transactions outside the schema lock: one that loses to a
 * concurrent metadata write through another node of a Galera cluster (they all move the
 * `metadata` cache-version row) is run again as a whole (retriedMetaTransaction).
 */

/** POST /api/metadata/tablerelations: 201 id. */
export const createRelation = async (knex: Knex, body: RelationBody): Promise<number> =>
  retriedMetaTransaction(knex, async (meta) => {
    const draft = draftFromBody(body);
    await refuseSystemTables(meta, [draft.fromTableId]);
    await validateDraft(meta, draft);
    const now = Date.now();
    return withSchemaEvents(
      meta,
      (id) => relationSchemaItems(meta, id === undefined ? [] : [id]),
      () =>
        insertReturningId(
          meta.db,
          META.relation,
          inSource(meta, { ...rowOf(draft), createdDate: now, lastModifiedDate: now }),
        ),
    );
  });

/** PATCH /api/metadata/tablerelations/{id}: fields present replace the stored ones. */
export const updateRelation = async (knex: Knex, id: number, body: RelationBody): Promise<void> =>
  retriedMetaTransaction(knex, async (meta) => {
    const stored = await getMetaRelation(meta, id);
    const draft = draftFromBody(body, stored);
    await refuseSystemTables(meta, [stored.fromTable.id, draft.fromTableId]);
    await validateDraft(meta, draft, id);
    await withSchemaEvents(
      meta,
      () => relationSchemaItems(meta, [id]),
      () =>
        relationsOf(meta)
          .where('id', id)
          .update({ ...rowOf(draft), lastModifiedDate: Date.now() }),
    );
  });

/** DELETE one or many relations: 404 if one is unknown (then none is deleted). */
export const deleteRelations = async (knex: Knex, ids: readonly number[]): Promise<void> => {
  const unique = [...new Set(ids)];
  await retriedMetaTransaction(knex, async (meta) => {
    const rows: Row[] = await relationsOf(meta).select('id', 'fromTableId').whereIn('id', unique);
    if (rows.length !== unique.length) throw new ApiException('NOT_FOUND');
    await refuseSystemTables(
      meta,
      rows.map((row) => Number(row.fromTableId)),
    );
    await withSchemaEvents(
      meta,
      () => relationSchemaItems(meta, unique),
      () => relationsOf(meta).whereIn('id', unique).delete(),
    );
  });
};
