import type { Knex } from 'knex';
import Value from 'typebox/value';
import { META } from '../../db/table-names';
import { toCaptions, toNumber, toStringOrNull } from '../../db/values';
import { ApiException } from '../../errors/api-exception';
import { format, type Localized } from '../../i18n/messages';
import { transferMessage } from '../../i18n/transfer-messages';
import { MetadataBundleBody } from '../../schemas/metadata-bundle';
import { withColumnsAndIndexes } from '../metadata-store';
import type { StoredTable } from '../metadata-rows';
import { toSequence, type StoredSequence } from '../sequences/sequence-store';
import { planImport } from './import-metadata';

type Row = Record<string, unknown>;

interface LegacyRows {
  sequences: StoredSequence[];
  tables: StoredTable[];
  relations: Row[];
}

const readLegacy = async (source: Knex): Promise<LegacyRows> => {
  const read = (table: string): Promise<Row[]> => source(table).select('*').orderBy('id');
  return {
    sequences: (await read(META.sequence)).map(toSequence),
    tables: await withColumnsAndIndexes(source, await read(META.table)),
    relations: await read(META.relation),
  };
};

/** The rows as a metadata file: what an export of them would say, ids included. */
const bundleOf = (rows: LegacyRows): unknown => ({
  sequences: rows.sequences,
  tables: rows.tables,
  tableRelations: rows.relations.map((row) => ({
    id: toNumber(row.id),
    name: toStringOrNull(row.name),
    caption: toStringOrNull(row.caption),
    captions: toCaptions(row.captions),
    description: toStringOrNull(row.description),
    relationType: row.relationType,
    fromTable: { id: toNumber(row.fromTableId) },
    toTable: { id: toNumber(row.toTableId) },
    fromColumn: { id: toNumber(row.fromColumnId) },
    toColumn: { id: toNumber(row.toColumnId) },
  })),
});

const label = (table: string, row: { id: number; name: unknown } | undefined, index: string): string =>
  row ? `${table} #${row.id} (${String(row.name)})` : `${table} [${index}]`;

/**
 * Names the row a field path of the file points at (`tables.2.columns.0.name` → the table's and
 * the column's `cb_meta_*` ids and names, then `name`).
 */
const describePath = (rows: LegacyRows, path: string): string => {
  const parts = path.split('.');
  const [list, index = '', ...rest] = parts;
  const at = Number(index);
  if (list === 'sequences') return `${label(META.sequence, rows.sequences[at], index)}: ${rest.join('.')}`;
  if (list === 'tableRelations') {
    const row = rows.relations[at];
    const relation = row && { id: toNumber(row.id), name: row.name };
    return `${label(META.relation, relation, index)}: ${rest.join('.')}`;
  }
  if (list !== 'tables') return path;
  const table = rows.tables[at];
  const where = [label(META.table, table, index)];
  const [part, partIndex = '', ...field] = rest;
  if (part === 'columns' && /^\d+$/.test(partIndex)) {
    where.push(label(META.column, table?.columns[Number(partIndex)], partIndex));
    return `${where.join(', ')}: ${field.join('.')}`;
  }
  if (part === 'indexs' && /^\d+$/.test(partIndex)) {
    where.push(label(META.index, table?.indexs[Number(partIndex)], partIndex));
    return `${where.join(', ')}: ${field.join('.')}`;
  }
  return `${where.join(', ')}: ${rest.join('.')}`;
};

const text = (message: string | Localized): string =>
  typeof message === 'string' ? message : format(message, 'en');

/**
 * What would stop the metadata an earlier release kept in a connected database (its `cb_meta_*`
 * tables, read through `source`, a handle of that data source) from moving into `primary`: the
 * rows are checked as an import of them would be, attaching every table to one the data source's
 * own schema has (the file's shape, names, types, sequences, relations, and each table name
 * without dots, not crudboard's `cb_`, present in the data source's schema), and no table may be
 * systemable (only crudboard's own tables of `primary` are). One line per problem, naming the
 * row by table and id; empty when the rows may move.
 */
export const legacyMetadataProblems = async (source: Knex): Promise<string[]> => {
  const rows = await readLegacy(source);
  const bundle = bundleOf(rows);
  const problems: string[] = [];
  for (const error of Value.Errors(MetadataBundleBody, bundle)) {
    const path = error.instancePath.split('/').filter(Boolean).join('.');
    problems.push(`${describePath(rows, path)}: ${error.message}`);
  }
  // A file of the wrong shape is not checked further (as the import route refuses its body).
  if (problems.length > 0) return problems;
  for (const [i, table] of rows.tables.entries()) {
    if (table.systemable)
      problems.push(
        `${describePath(rows, `tables.${i}.systemable`)}: ${text(transferMessage('legacySystemable'))}`,
      );
  }
  if (rows.sequences.length + rows.tables.length + rows.relations.length === 0) return problems;
  try {
    await planImport(source, bundle as MetadataBundleBody, { tables: 'attach' });
  } catch (error) {
    if (!(error instanceof ApiException) || !error.errors) throw error;
    for (const [path, message] of Object.entries(error.errors))
      problems.push(`${describePath(rows, path)}: ${text(message)}`);
  }
  return problems;
};
