import { filterRows } from '../items/row-filter';
import { importMessage } from '../../i18n/import-messages';
import { titleColumnOf } from '../../../../contract/record-title';
import { coerceValue } from '../../query/coerce-value';
import type { ScalarValue } from '../../query/query-types';
import { relatedText } from '../export/export-value';
import { may } from '../items/item-context';
import { isToOne, type ItemRelation, type ItemTable } from '../items/item-table';
import { readRows } from '../items/read-rows';
import { isReadable, toRecord } from '../items/to-record';
import { toOutputValue } from '../items/to-output-value';
import type { WriteContext } from '../items/write-context';
import type { StoredTable } from '../metadata-rows';
import type { ImportRow } from './import-row';

/** Keys given in an import file for auto-increment records → the keys they got, by table id. */
export type KeyMaps = Map<number, Map<string, ScalarValue>>;

/** Values per lookup query: well below every database's bound-parameter limit. */

/**
 * A read of a relation's target while resolving references: only the records the user's read rule
 * lets through (a reference to another record is not found, and its existence does not show).
 */
const readableRows = (write: WriteContext, toTable: StoredTable, columns: string[]) =>
  filterRows(readRows(write.db, write.dialect, toTable.tableName, columns), write, toTable, 'read', toTable);

const LOOKUP_CHUNK = 500;

const chunks = <T>(values: readonly T[], size = LOOKUP_CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
};

/** The references one cell holds: one value, or a comma list for a multipleValue key. */
const referencesOf = (relation: ItemRelation, value: unknown): string[] => {
  if (value === null || value === undefined || value === '') return [];
  if (!relation.fromColumn.multipleValue) return [String(value)];
  return String(value)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
};

/** The key text of a target row's relation column, as a lookup compares it. */
const keyTextOf = (relation: ItemRelation, stored: unknown): string | null => {
  const coerced = coerceValue(relation.toColumn, toOutputValue(relation.toColumn, stored));
  return coerced.ok ? String(coerced.value) : null;
};

/** Target records whose relation column equals one of the references: reference text → key. */
const byKey = async (
  write: WriteContext,
  relation: ItemRelation,
  references: readonly string[],
): Promise<Map<string, ScalarValue>> => {
  const { toTable, toColumn } = relation;
  const wanted = new Map<string, ScalarValue>();
  for (const reference of references) {
    const coerced = coerceValue(toColumn, reference);
    if (coerced.ok) wanted.set(String(coerced.value), coerced.value);
  }
  const found = new Map<string, ScalarValue>();
  for (const part of chunks([...wanted.values()])) {
    const rows: Record<string, unknown>[] = await readableRows(write, toTable, [toColumn.name]).whereIn(
      `${toTable.tableName}.${toColumn.name}`,
      part,
    );
    for (const row of rows) {
      const text = keyTextOf(relation, row[toColumn.name]);
      if (text !== null) found.set(text, wanted.get(text) ?? text);
    }
  }
  const resolved = new Map<string, ScalarValue>();
  for (const reference of references) {
    const coerced = coerceValue(toColumn, reference);
    const key = coerced.ok ? found.get(String(coerced.value)) : undefined;
    if (key !== undefined) resolved.set(reference, key);
  }
  return resolved;
};

/**
 * Target records whose title (their title column's value, what the list and the export show of a
 * related record) equals a reference: reference → keys found. None when the target has no readable
 * title column.
 */
const byTitle = async (
  write: WriteContext,
  relation: ItemRelation,
  references: readonly string[],
): Promise<Map<string, Set<string>>> => {
  const { toTable, toColumn } = relation;
  const titleName = titleColumnOf(toTable);
  const title = toTable.columns.find((column) => column.name === titleName);
  const matches = new Map<string, Set<string>>();
  if (!title || !isReadable(title) || references.length === 0) return matches;
  for (const part of chunks([...new Set(references.map((reference) => reference.trim()))])) {
    const rows: Record<string, unknown>[] = await readableRows(write, toTable, [
      toColumn.name,
      title.name,
    ]).whereIn(`${toTable.tableName}.${title.name}`, part);
    for (const row of rows) {
      const key = keyTextOf(relation, row[toColumn.name]);
      const text = row[title.name];
      if (key === null || text === null || text === undefined) continue;
      const keys = matches.get(String(text)) ?? new Set<string>();
      keys.add(key);
      matches.set(String(text), keys);
    }
  }
  return matches;
};

/**
 * Target records whose display text in files of earlier versions (the key and displayable values
 * but the relation column, joined with `|`) equals a reference: reference → keys found.
 */
const byDisplay = async (
  write: WriteContext,
  relation: ItemRelation,
  references: readonly string[],
): Promise<Map<string, Set<string>>> => {
  const { toTable, toColumn } = relation;
  const primary = new Set(toTable.primaryNames);
  const shown = toTable.columns.filter(
    (column) =>
      isReadable(column) && column.name !== toColumn.name && (primary.has(column.name) || column.displayable),
  );
  const matches = new Map<string, Set<string>>();
  if (shown.length === 0 || references.length === 0) return matches;
  // The first shown value is the start of the text: candidates have it in one of the shown columns.
  const starts = [...new Set(references.flatMap((reference) => [reference, reference.split('|')[0] ?? '']))];
  const wanted = new Set(references);
  for (const part of chunks(starts)) {
    const conditions = shown.flatMap((column) => {
      const values = part.flatMap((text) => {
        const coerced = coerceValue(column, text);
        return coerced.ok ? [coerced.value] : [];
      });
      return values.length > 0 ? [{ name: `${toTable.tableName}.${column.name}`, values }] : [];
    });
    if (conditions.length === 0) continue;
    const query = readableRows(write, toTable, [toColumn.name, ...shown.map((column) => column.name)]).where(
      (where) => {
        for (const { name, values } of conditions) where.orWhereIn(name, values);
      },
    );
    const rows: Record<string, unknown>[] = await query;
    for (const row of rows) {
      const text = relatedText(toRecord(toTable.columns, row), toColumn.name);
      const key = keyTextOf(relation, row[toColumn.name]);
      if (text === null || key === null || !wanted.has(String(text))) continue;
      const keys = matches.get(String(text)) ?? new Set<string>();
      keys.add(key);
      matches.set(String(text), keys);
    }
  }
  return matches;
};

/**
 * Replaces the values of the ManyToOne / OneToOneSubToMain foreign keys of a batch of rows by the
 * keys they stand for: a key of the target (translated first through `keyMaps` when the target's
 * records got new keys in this import), else the target's title, else its display text in files of
 * earlier versions (both looked up only when the user may read the target). A value that matches nothing, or a display text shared by several
 * records, becomes a failure of its row. One query per relation and chunk, not per row.
 */
export const resolveRelations = async (
  write: WriteContext,
  item: ItemTable,
  rows: ImportRow[],
  keyMaps?: KeyMaps,
): Promise<void> => {
  for (const relation of item.relations) {
    if (!isToOne(relation)) continue;
    const name = relation.fromColumn.name;
    const mapped = keyMaps?.get(relation.toTable.id);
    const references = new Set<string>();
    for (const row of rows) {
      for (const reference of referencesOf(relation, row.values[name])) {
        if (!mapped?.has(reference)) references.add(reference);
      }
    }
    if (references.size === 0 && !mapped) continue;
    const keys = await byKey(write, relation, [...references]);
    const rest = [...references].filter((reference) => !keys.has(reference));
    const readable = may(write, relation.toTable, 'read');
    const titles =
      rest.length > 0 && readable ? await byTitle(write, relation, rest) : new Map<string, Set<string>>();
    const untitled = rest.filter((reference) => !titles.has(reference.trim()));
    const displays =
      untitled.length > 0 && readable
        ? await byDisplay(write, relation, untitled)
        : new Map<string, Set<string>>();

    for (const row of rows) {
      const given = referencesOf(relation, row.values[name]);
      if (given.length === 0) continue;
      const resolved: ScalarValue[] = [];
      for (const reference of given) {
        const key = mapped?.get(reference) ?? keys.get(reference);
        const shownAs = titles.get(reference.trim()) ?? displays.get(reference);
        if (key !== undefined) resolved.push(key);
        else if (shownAs?.size === 1) resolved.push([...shownAs][0] ?? '');
        else {
          const params = { table: relation.toTable.caption || relation.toTable.name, value: reference };
          row.fail(
            name,
            importMessage(shownAs && shownAs.size > 1 ? 'relationAmbiguous' : 'relationNotFound', params),
          );
        }
      }
      if (resolved.length === given.length) {
        row.values[name] = relation.fromColumn.multipleValue ? resolved.join(',') : resolved[0];
      } else delete row.values[name];
    }
  }
};
