import type { FormLayout, MetadataBundle } from '@crudboard/client';
import type { Relation, Sequence, Table } from '../../../contract';

export type { FormLayout, MetadataBundle };

export type BundleParseError = 'invalidJson' | 'notBundle' | 'empty' | 'unreadable';

export type BundleParse = { ok: true; bundle: MetadataBundle } | { ok: false; error: BundleParseError };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = <T>(value: unknown): T[] | null => {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value.filter(isRecord) as T[]) : null;
};

/**
 * Reads a metadata file: a JSON object with `tables`, `sequences`, `tableRelations` and
 * `tableFormBuilders` lists (crudapi's `tableBuilders` is read as the latter); anything else is
 * refused with the reason.
 */
export const parseMetadataBundle = (text: string): BundleParse => {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: 'invalidJson' };
  }
  if (!isRecord(value)) return { ok: false, error: 'notBundle' };
  const known = ['tables', 'sequences', 'tableRelations', 'tableFormBuilders', 'tableBuilders'];
  if (!known.some((key) => key in value)) return { ok: false, error: 'notBundle' };
  const tables = listOf<Table>(value.tables);
  const sequences = listOf<Sequence>(value.sequences);
  const tableRelations = listOf<Relation>(value.tableRelations);
  const tableFormBuilders = listOf<FormLayout>(value.tableFormBuilders ?? value.tableBuilders);
  if (!tables || !sequences || !tableRelations || !tableFormBuilders)
    return { ok: false, error: 'notBundle' };
  if (tables.length + sequences.length + tableRelations.length + tableFormBuilders.length === 0)
    return { ok: false, error: 'empty' };
  return { ok: true, bundle: { sequences, tables, tableRelations, tableFormBuilders } };
};

export type BundleSectionKind = 'tables' | 'sequences' | 'relations' | 'layouts';

export interface BundleItem {
  key: string;
  /** What the item is called (name, or table · device · type for a layout). */
  label: string;
  /** Caption, or the two ends of a relation. */
  detail?: string;
  /** Something of the same name exists already: the import would be refused. */
  conflict: boolean;
}

export interface BundleSection {
  kind: BundleSectionKind;
  items: BundleItem[];
  conflicts: number;
}

export interface ExistingMetadata {
  tables: readonly Table[];
  sequences: readonly Sequence[];
  relations: readonly Relation[];
}

const fold = (text: string | undefined | null): string => (text ?? '').trim().toLowerCase();

const section = (kind: BundleSectionKind, items: BundleItem[]): BundleSection => ({
  kind,
  items,
  conflicts: items.filter((item) => item.conflict).length,
});

/**
 * What importing a file would add, by kind, with the names that already exist in the data source
 * flagged: tables by name or physical name, sequences by name, relations by name within their
 * from-table. Layouts belong to their tables and never conflict by themselves.
 */
export const previewBundle = (bundle: MetadataBundle, existing: ExistingMetadata): BundleSection[] => {
  const tableNames = new Set(
    existing.tables.flatMap((t) => [fold(t.name), fold(t.tableName)]).filter(Boolean),
  );
  const sequenceNames = new Set(existing.sequences.map((s) => fold(s.name)));
  const relationKeys = new Set(existing.relations.map((r) => `${fold(r.fromTable?.name)}.${fold(r.name)}`));
  const bundleTableName = new Map(bundle.tables.map((t) => [t.id, t.name]));
  const tableName = (ref: { id?: number; name?: string } | undefined) =>
    ref?.name ?? (ref?.id !== undefined ? bundleTableName.get(ref.id) : undefined) ?? '?';

  const tables = bundle.tables.map((table, i) => ({
    key: `table-${i}`,
    label: table.name,
    ...(table.caption && table.caption !== table.name ? { detail: table.caption } : {}),
    conflict:
      tableNames.has(fold(table.name)) || (Boolean(table.tableName) && tableNames.has(fold(table.tableName))),
  }));
  const sequences = bundle.sequences.map((sequence, i) => ({
    key: `sequence-${i}`,
    label: sequence.name,
    ...(sequence.caption && sequence.caption !== sequence.name ? { detail: sequence.caption } : {}),
    conflict: sequenceNames.has(fold(sequence.name)),
  }));
  const relations = bundle.tableRelations.map((relation, i) => {
    const from = tableName(relation.fromTable);
    const to = tableName(relation.toTable);
    return {
      key: `relation-${i}`,
      label: relation.name,
      detail: `${from} → ${to}`,
      conflict: relationKeys.has(`${fold(from)}.${fold(relation.name)}`),
    };
  });
  const layouts = bundle.tableFormBuilders.map((layout, i) => ({
    key: `layout-${i}`,
    label: [
      layout.tableId !== undefined ? (bundleTableName.get(layout.tableId) ?? String(layout.tableId)) : '?',
      layout.device,
      layout.type,
    ]
      .filter(Boolean)
      .join(' · '),
    ...(layout.name ? { detail: layout.name } : {}),
    conflict: false,
  }));
  return [
    section('tables', tables),
    section('sequences', sequences),
    section('relations', relations),
    section('layouts', layouts),
  ];
};

/** The conflicts a refused import reports (`errors` of the 409), one line each. */
export const conflictLines = (errors: Record<string, string> | undefined): string[] =>
  Object.entries(errors ?? {}).map(([field, text]) => (text.includes(field) ? text : `${field}: ${text}`));
