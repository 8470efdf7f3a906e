import type { Knex } from 'knex';
import { normalizeCaptions, type Captions, type SequenceType } from '../../../../contract/index';
import { dateTimeText } from '../../db/clock';
import { metaOf, type MetaDb } from '../../db/metadata-home';
import { META, SYSTEM } from '../../db/table-names';
import { inSource, relationsOf, sequencesOf } from '../scoped-meta';
import { captionsText, toNumber } from '../../db/values';
import { physicalTableExists } from '../../dialects/physical-tables';
import { ApiException } from '../../errors/api-exception';
import { metadataMessage } from '../../i18n/metadata-messages';
import { transferMessage } from '../../i18n/transfer-messages';
import type {
  BundleLayout,
  BundleRelation,
  BundleTable,
  MetadataBundleBody,
} from '../../schemas/metadata-bundle';
import type { ColumnBody, IndexBody } from '../../schemas/table-body';
import { listMetaTables, listTables } from '../metadata-store';
import type { StoredTable } from '../metadata-rows';
import { planTableCreate } from '../ddl/plan-table-change';
import { runSchemaChange, type SchemaChangeHooks } from '../ddl/run-schema-change';
import type { SchemaOp } from '../../model/schema-op';
import { withSchemaChange } from '../ddl/schema-lock';
import { readSchemaItems } from '../tables/schema-items';
import { withSchemaEvents } from '../webhooks/append-schema-events';
import { checkRelation, type RelationCandidate, type RelationEnd } from '../relations/relation-rules';
import { sequenceDefFromBody, validateSequenceDef } from '../sequences/sequence-def-from-body';
import type { SequenceDef } from '../sequences/sequence-def';
import { ErrorBag } from '../tables/error-bag';
import { insertReturningId } from '../../db/insert-returning-id';
import { isQuotableIdentifier, isSafeIdentifier } from '../tables/name-problem';
import type { TableDef } from '../../model/table-def';
import { tableDefFromBody } from '../tables/table-def-from-body';
import { validateTableDef } from '../tables/validate-table-def';
import { insertTableMetadata } from '../tables/write-table-metadata';
import { ruleUserColumns } from '../permissions/load-row-rules';
import { ruleTableOf } from '../permissions/rule-table';
import { validateRowRules } from '../permissions/validate-row-rules';
import {
  planTablePermissions,
  remapColumnRules,
  type PlannedTablePermission,
} from './table-permission-transfer';

/** Sequence ids given to the file's sequences while they are checked (never stored). */
const PROVISIONAL_SEQUENCE_ID = 2_000_000_000;

const fold = (text: string) => text.toLowerCase();

/** Where a relation end points: a table of the file (by index) or one that exists. */
type TableTarget = { file: number } | { stored: StoredTable };

interface PlannedRelation {
  name: string;
  caption: string;
  captions: Captions | null;
  description: string | null;
  relationType: NonNullable<BundleRelation['relationType']>;
  from: { table: TableTarget; column: string };
  to: { table: TableTarget; column: string };
}

interface PlannedLayout {
  table: number;
  name: string | null;
  device: string;
  type: string;
  body: string | null;
}

export interface ImportPlan {
  sequences: SequenceDef[];
  tables: TableDef[];
  relations: PlannedRelation[];
  layouts: PlannedLayout[];
  permissions: PlannedTablePermission[];
  /** Per table of the file: its columns' ids in the file → names. */
  columnNames: Map<number, string>[];
}

/**
 * What becomes of the file's tables in the database: as the file says (a table marked `reverse`
 * describes a table the database has, the others are created), all created, or all attached to
 * tables the database has.
 */
export const IMPORT_TABLE_MODES = ['asFile', 'create', 'attach'] as const;
export type ImportTableMode = (typeof IMPORT_TABLE_MODES)[number];

export interface ImportOptions {
  /** Default `asFile`. */
  tables?: ImportTableMode;
  hooks?: SchemaChangeHooks;
  /** The importer's permission codes: a file's table permissions need them (default: none). */
  authorities?: readonly string[];
}

const copyErrors = (from: ErrorBag, to: ErrorBag, prefix: string) => {
  for (const [field, message] of Object.entries(from.errors)) to.add(`${prefix}${field}`, message);
};

class Findings {
  readonly invalid = new ErrorBag();
  readonly conflicts = new ErrorBag();

  /** 400 if anything is invalid (listing the conflicts too), else 409 if anything conflicts. */
  throwIfAny(): void {
    if (!this.invalid.empty) {
      copyErrors(this.conflicts, this.invalid, '');
      this.invalid.throwIfAny();
    }
    if (!this.conflicts.empty) {
      throw new ApiException('CONFLICT', transferMessage('conflicts'), this.conflicts.errors);
    }
  }
}

const planSequences = async (
  db: Knex,
  bodies: NonNullable<MetadataBundleBody['sequences']>,
  findings: Findings,
): Promise<SequenceDef[]> => {
  const stored: { name: string }[] = await sequencesOf(metaOf(db)).select('name');
  const taken = new Set(stored.map((row) => fold(String(row.name))));
  const seen = new Set<string>();
  return bodies.map((body, i) => {
    const bag = new ErrorBag();
    const sequence = sequenceDefFromBody(body, bag);
    validateSequenceDef(sequence, body, bag);
    copyErrors(bag, findings.invalid, `sequences.${i}.`);
    const key = fold(sequence.name);
    if (key && seen.has(key))
      findings.invalid.add(
        `sequences.${i}.name`,
        transferMessage('duplicateInFile', { name: sequence.name }),
      );
    else if (key && taken.has(key))
      findings.conflicts.add(
        `sequences.${i}.name`,
        transferMessage('sequenceExists', { name: sequence.name }),
      );
    seen.add(key);
    return sequence;
  });
};

/** The file's table as a create body: sequences by provisional id, index lines by column name. */
const tableBodyOf = (
  body: BundleTable,
  path: string,
  sequenceIndex: ReadonlyMap<number, number>,
  findings: Findings,
): BundleTable => {
  const nameById = new Map(
    (body.columns ?? []).flatMap((column) =>
      column.id !== undefined && column.id !== null && column.name !== undefined
        ? [[column.id, column.name] as const]
        : [],
    ),
  );
  const columns = (body.columns ?? []).map((column, j): ColumnBody => {
    const { id: _id, ...rest } = column;
    const seqId = column.seqId ?? null;
    if (seqId === null || seqId === -1) return { ...rest, seqId: null };
    const index = sequenceIndex.get(seqId);
    if (index === undefined) {
      findings.invalid.add(`${path}.columns.${j}.seqId`, transferMessage('sequenceMissing', { id: seqId }));
      return { ...rest, seqId: null };
    }
    return { ...rest, seqId: PROVISIONAL_SEQUENCE_ID + index };
  });
  const indexs = (body.indexs ?? []).map((index): IndexBody => ({
    ...index,
    id: null,
    indexLines: (index.indexLines ?? []).map((line) => ({
      column: {
        name: line.column.name ?? (line.column.id != null ? (nameById.get(line.column.id) ?? null) : null),
      },
    })),
  }));
  return { ...body, columns, indexs };
};

const planTables = async (
  db: Knex,
  bodies: readonly BundleTable[],
  sequences: readonly SequenceDef[],
  sequenceIndex: ReadonlyMap<number, number>,
  stored: readonly StoredTable[],
  findings: Findings,
  mode: ImportTableMode,
): Promise<TableDef[]> => {
  const storedSequences: { id: unknown; sequenceType: unknown }[] = await sequencesOf(metaOf(db)).select(
    'id',
    'sequenceType',
  );
  const sequenceTypes = new Map<number, SequenceType>([
    ...storedSequences.map((row): [number, SequenceType] => [
      toNumber(row.id),
      row.sequenceType as SequenceType,
    ]),
    ...sequences.map((sequence, i): [number, SequenceType] => [
      PROVISIONAL_SEQUENCE_ID + i,
      sequence.sequenceType,
    ]),
  ]);
  const taken = new Map<string, string>();
  for (const table of stored) {
    for (const name of [table.name, table.pluralName, table.tableName]) taken.set(fold(name), table.name);
  }
  const inFile = new Set<string>();
  const tables: TableDef[] = [];
  for (const [i, raw] of bodies.entries()) {
    const path = `tables.${i}`;
    const bag = new ErrorBag();
    const table = tableDefFromBody(tableBodyOf(raw, path, sequenceIndex, findings), bag);
    if (table.pluralName === table.name) table.pluralName = null;
    if (mode !== 'asFile') table.reverse = mode === 'attach';
    validateTableDef(table, { sequences: sequenceTypes, attaching: table.reverse }, bag);
    copyErrors(bag, findings.invalid, `${path}.`);
    const own = new Set<string>();
    for (const field of ['name', 'pluralName', 'tableName'] as const) {
      const value = table[field];
      if (value === null || value === '' || own.has(fold(value))) continue;
      own.add(fold(value));
      const owner = taken.get(fold(value));
      if (inFile.has(fold(value)))
        findings.invalid.add(`${path}.${field}`, transferMessage('duplicateInFile', { name: value }));
      else if (owner !== undefined)
        findings.conflicts.add(
          `${path}.${field}`,
          metadataMessage('nameTaken', { name: value, table: owner }),
        );
    }
    for (const name of own) inFile.add(name);
    const usable = table.reverse ? isQuotableIdentifier(table.tableName) : isSafeIdentifier(table.tableName);
    if (usable && !taken.has(fold(table.tableName))) {
      const exists = await physicalTableExists(db, table.tableName);
      if (exists && !table.reverse) {
        findings.conflicts.add(
          `${path}.tableName`,
          metadataMessage('physicalTableExists', { name: table.tableName }),
        );
      } else if (!exists && table.reverse) {
        findings.invalid.add(
          `${path}.tableName`,
          metadataMessage('physicalTableMissing', { name: table.tableName }),
        );
      }
    }
    tables.push(table);
  }
  return tables;
};

interface Reference {
  id?: number | null;
  name?: string | null;
}

const describe = (ref: Reference) => ref.name ?? (ref.id != null ? `#${ref.id}` : '?');

const planRelations = async (
  db: Knex,
  bodies: readonly BundleRelation[],
  tableBodies: readonly BundleTable[],
  tables: readonly TableDef[],
  stored: readonly StoredTable[],
  findings: Findings,
): Promise<PlannedRelation[]> => {
  const fileIndexById = new Map(
    tableBodies.flatMap((table, i) => (table.id != null ? [[table.id, i] as const] : [])),
  );
  const findTable = (ref: Reference): TableTarget | undefined => {
    if (ref.id != null && fileIndexById.has(ref.id)) return { file: fileIndexById.get(ref.id) as number };
    if (!ref.name) return undefined;
    const name = fold(ref.name);
    const file = tables.findIndex((table) => fold(table.name) === name);
    if (file >= 0) return { file };
    const found = stored.find((table) =>
      [table.name, table.pluralName, table.tableName].some((candidate) => fold(candidate) === name),
    );
    return found ? { stored: found } : undefined;
  };
  const endOf = (target: TableTarget, ref: Reference): RelationEnd['column'] | undefined => {
    if ('file' in target) {
      const columns = tableBodies[target.file]?.columns ?? [];
      const def = tables[target.file] as TableDef;
      const byId = ref.id != null ? columns.findIndex((column) => column.id === ref.id) : -1;
      const column =
        byId >= 0 ? def.columns[byId] : def.columns.find((c) => ref.name && fold(c.name) === fold(ref.name));
      return column && { name: column.name, dataType: column.dataType };
    }
    const column = target.stored.columns.find((c) => ref.name && fold(c.name) === fold(ref.name));
    return column && { name: column.name, dataType: column.dataType };
  };
  const tableOf = (target: TableTarget): RelationEnd['table'] => {
    const table = 'file' in target ? (tables[target.file] as TableDef) : target.stored;
    return { name: table.name, columnNames: table.columns.map((column) => column.name) };
  };

  const storedIds = stored.map((table) => table.id);
  const storedRelations: { fromTableId: unknown; name: unknown }[] =
    storedIds.length === 0 ? [] : await relationsOf(metaOf(db)).select('fromTableId', 'name');
  const takenByTable = new Set(
    storedRelations.map((row) => `${toNumber(row.fromTableId)}.${fold(String(row.name))}`),
  );
  const seen = new Set<string>();
  const planned: PlannedRelation[] = [];

  for (const [i, body] of bodies.entries()) {
    const path = `tableRelations.${i}.`;
    const candidate: RelationCandidate = {
      name: (body.name ?? '').trim(),
      relationType: body.relationType ?? null,
    };
    const ends: Partial<Record<'from' | 'to', { table: TableTarget; column: string }>> = {};
    for (const side of ['from', 'to'] as const) {
      const tableRef = body[`${side}Table`];
      const columnRef = body[`${side}Column`];
      const target = findTable(tableRef);
      if (!target) {
        findings.invalid.add(
          `${path}${side}Table`,
          transferMessage('tableMissing', { ref: describe(tableRef) }),
        );
        continue;
      }
      const table = tableOf(target);
      const column = endOf(target, columnRef);
      if (!column) {
        findings.invalid.add(
          `${path}${side}Column`,
          transferMessage('columnMissing', { table: table.name, ref: describe(columnRef) }),
        );
        continue;
      }
      candidate[side] = { table, column };
      ends[side] = { table: target, column: column.name };
    }
    const bag = new ErrorBag();
    checkRelation(candidate, bag);
    copyErrors(bag, findings.invalid, path);
    if (!ends.from || !ends.to || !candidate.relationType) continue;

    const fromKey = 'file' in ends.from.table ? `f${ends.from.table.file}` : `${ends.from.table.stored.id}`;
    const key = `${fromKey}.${fold(candidate.name)}`;
    if (seen.has(key))
      findings.invalid.add(`${path}name`, transferMessage('duplicateInFile', { name: candidate.name }));
    else if (takenByTable.has(key))
      findings.conflicts.add(
        `${path}name`,
        transferMessage('relationExists', { name: candidate.name, table: candidate.from?.table.name ?? '' }),
      );
    seen.add(key);
    planned.push({
      name: candidate.name,
      caption: (body.caption ?? '').trim() || candidate.name,
      captions: normalizeCaptions(body.captions),
      description: (body.description ?? '').trim() || null,
      relationType: candidate.relationType,
      from: ends.from,
      to: ends.to,
    });
  }
  return planned;
};

const isJsonText = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const planLayouts = (
  bodies: readonly BundleLayout[],
  tableBodies: readonly BundleTable[],
  findings: Findings,
): PlannedLayout[] => {
  const fileIndexById = new Map(
    tableBodies.flatMap((table, i) => (table.id != null ? [[table.id, i] as const] : [])),
  );
  return bodies.flatMap((body, i): PlannedLayout[] => {
    const path = `tableFormBuilders.${i}.`;
    const table = body.tableId != null ? fileIndexById.get(body.tableId) : undefined;
    if (table === undefined)
      findings.invalid.add(
        `${path}tableId`,
        transferMessage('tableMissing', { ref: `#${body.tableId ?? '?'}` }),
      );
    if (!body.device) findings.invalid.add(`${path}device`, metadataMessage('required'));
    if (!body.type) findings.invalid.add(`${path}type`, metadataMessage('required'));
    const text = body.body ?? null;
    if (text !== null && !isJsonText(text))
      findings.invalid.add(`${path}body`, transferMessage('layoutBody'));
    if (table === undefined || !body.device || !body.type) return [];
    return [{ table, name: body.name ?? null, device: body.device, type: body.type, body: text }];
  });
};

/** The file's form layouts, under crudboard's key or crudapi's (`tableBuilders`). */
const layoutsOf = (
  bundle: MetadataBundleBody,
  findings: Findings,
): NonNullable<MetadataBundleBody['tableFormBuilders']> => {
  const ours = bundle.tableFormBuilders ?? [];
  const theirs = bundle.tableBuilders ?? [];
  if (ours.length > 0 && theirs.length > 0)
    findings.invalid.add('tableBuilders', transferMessage('layoutsTwice'));
  return ours.length > 0 ? ours : theirs;
};

/** Checks a whole file against the data source: 400 / 409 listing every problem, else the plan. */
export const planImport = async (
  db: Knex,
  bundle: MetadataBundleBody,
  options: Pick<ImportOptions, 'tables' | 'authorities'>,
): Promise<ImportPlan> => {
  const sequenceBodies = bundle.sequences ?? [];
  const tableBodies = bundle.tables ?? [];
  const relationBodies = bundle.tableRelations ?? [];
  const findings = new Findings();
  if (sequenceBodies.length + tableBodies.length + relationBodies.length === 0) {
    findings.invalid.add('body', transferMessage('empty'));
    findings.throwIfAny();
  }
  const sequenceIndex = new Map(
    sequenceBodies.flatMap((sequence, i) => (sequence.id != null ? [[sequence.id, i] as const] : [])),
  );
  const stored = await listTables(db);
  const sequences = await planSequences(db, sequenceBodies, findings);
  const tables = await planTables(
    db,
    tableBodies,
    sequences,
    sequenceIndex,
    stored,
    findings,
    options.tables ?? 'asFile',
  );
  const relations = await planRelations(db, relationBodies, tableBodies, tables, stored, findings);
  const layoutBodies = layoutsOf(bundle, findings);
  const layouts = planLayouts(layoutBodies, tableBodies, findings);
  const permissions = await planTablePermissions(
    metaOf(db).db,
    bundle.tablePermissions ?? [],
    new Map(tableBodies.flatMap((table, i) => (table.id != null ? [[table.id, i] as const] : []))),
    options.authorities ?? [],
    findings,
  );
  findings.throwIfAny();
  const columnNames = tableBodies.map(
    (table) =>
      new Map(
        (table.columns ?? []).flatMap((column) =>
          column.id != null && column.name !== undefined ? [[column.id, column.name] as const] : [],
        ),
      ),
  );
  return { sequences, tables, relations, layouts, permissions, columnNames };
};

const columnIdsOf = async (db: Knex, tableId: number): Promise<Map<string, number>> => {
  const rows: { id: unknown; name: unknown }[] = await db(META.column)
    .select('id', 'name')
    .where('tableId', tableId);
  return new Map(rows.map((row) => [String(row.name), toNumber(row.id)]));
};

/** A layout's items point at columns by id: the file's ids become the new ones (by column name). */
export const remapLayoutBody = (
  body: string | null,
  fileNames: ReadonlyMap<number, string> | undefined,
  newIds: ReadonlyMap<string, number> | undefined,
): string | null => {
  if (body === null) return null;
  const items: unknown = JSON.parse(body);
  if (!Array.isArray(items)) return body;
  return JSON.stringify(
    items.map((item: unknown) => {
      if (typeof item !== 'object' || item === null || !('columnId' in item)) return item;
      const name = fileNames?.get(Number(item.columnId));
      const id = name === undefined ? undefined : newIds?.get(name);
      return id === undefined ? item : { ...item, columnId: id };
    }),
  );
};

const writeImport = async (meta: MetaDb, plan: ImportPlan, now: number): Promise<number[]> => {
  const { db } = meta;
  const stamps = { createdDate: now, lastModifiedDate: now };
  const sequenceIds: number[] = [];
  for (const sequence of plan.sequences) {
    sequenceIds.push(await insertReturningId(db, META.sequence, inSource(meta, { ...sequence, ...stamps })));
  }
  const tableIds: number[] = [];
  const columnIds: Map<string, number>[] = [];
  for (const table of plan.tables) {
    const columns = table.columns.map((column) =>
      column.seqId === null
        ? column
        : { ...column, seqId: sequenceIds[column.seqId - PROVISIONAL_SEQUENCE_ID] ?? null },
    );
    const id = await insertTableMetadata(meta, { ...table, columns }, now);
    tableIds.push(id);
    columnIds.push(await columnIdsOf(db, id));
  }
  const resolve = async (end: PlannedRelation['from']) => {
    if ('file' in end.table) {
      const index = end.table.file;
      return { tableId: tableIds[index], columnId: columnIds[index]?.get(end.column) };
    }
    const table = end.table.stored;
    return { tableId: table.id, columnId: table.columns.find((column) => column.name === end.column)?.id };
  };
  for (const relation of plan.relations) {
    const from = await resolve(relation.from);
    const to = await resolve(relation.to);
    await db(META.relation).insert({
      dataSource: meta.dataSource,
      name: relation.name,
      caption: relation.caption,
      captions: captionsText(relation.captions),
      description: relation.description,
      relationType: relation.relationType,
      fromTableId: from.tableId,
      fromColumnId: from.columnId,
      toTableId: to.tableId,
      toColumnId: to.columnId,
      ...stamps,
    });
  }
  for (const layout of plan.layouts) {
    await db(SYSTEM.tableFormBuilder).insert({
      tableId: tableIds[layout.table],
      dataSource: meta.dataSource,
      name: layout.name,
      device: layout.device,
      type: layout.type,
      body: remapLayoutBody(layout.body, plan.columnNames[layout.table], columnIds[layout.table]),
      createdDate: dateTimeText(new Date(now)),
      lastModifiedDate: dateTimeText(new Date(now)),
    });
  }
  await writeTablePermissions(meta, plan, tableIds, columnIds, now);
  return tableIds;
};

/**
 * The file's table permissions, on the new tables: column rules point at the new columns, and row
 * rules must fit the new tables (else 400 naming the permission, and the whole import is undone).
 */
const writeTablePermissions = async (
  meta: MetaDb,
  plan: ImportPlan,
  tableIds: readonly number[],
  columnIds: readonly Map<string, number>[],
  now: number,
): Promise<void> => {
  if (plan.permissions.length === 0) return;
  const userColumns = await ruleUserColumns(meta.db);
  for (const permission of plan.permissions) {
    const tableId = tableIds[permission.table];
    if (tableId === undefined) continue;
    if (permission.rowRules !== null) {
      const [table] = await listMetaTables(meta, [tableId]);
      if (table) {
        validateRowRules(
          permission.rowRules,
          ruleTableOf(table).query,
          userColumns,
          `tablePermissions.${permission.index}.rowRules`,
        );
      }
    }
    await meta.db(SYSTEM.tablePermission).insert({
      tableId,
      roleId: permission.roleId,
      dataSource: meta.dataSource,
      permissions: permission.permissions,
      columns: remapColumnRules(
        permission.columns,
        plan.columnNames[permission.table],
        columnIds[permission.table],
      ),
      rowRules: permission.rowRules,
      createdDate: dateTimeText(new Date(now)),
      lastModifiedDate: dateTimeText(new Date(now)),
    });
  }
};

/**
 * POST /api/metadata/tables/import: the file's sequences, tables (physical tables created unless
 * `reverse`), relations and form layouts are created with new ids (layouts' column ids too), all
 * or nothing; returns the new table ids.
 */
export const importMetadata = async (
  knex: Knex,
  bundle: MetadataBundleBody,
  options: ImportOptions = {},
): Promise<number[]> =>
  withSchemaChange(knex, async () => {
    const plan = await planImport(knex, bundle, options);
    const ops: SchemaOp[] = plan.tables.flatMap((table) => (table.reverse ? [] : planTableCreate(table)));
    return runSchemaChange(
      knex,
      {
        ops,
        writeMetadata: (meta) =>
          withSchemaEvents(
            meta,
            (created) =>
              readSchemaItems(meta, {
                tables: created ?? [],
                sequenceNames: plan.sequences.map((sequence) => sequence.name),
              }),
            () => writeImport(meta, plan, Date.now()),
          ),
      },
      options.hooks,
    );
  });
