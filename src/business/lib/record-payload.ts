import { LOCK_COLUMN, truncatedChildren, type Relation } from '../../../contract';
import type { BusinessRecord } from './business-record';
import { BUILT_IN_CODEC, type CodecOf } from './column-widgets';
import { isBlank } from './field-values';
import type { FormFieldSpec, FormMode } from './form-fields';
import type { SubSection } from './form-sections';
import { isNewSubRow, loadedRows, NEW_ROW_FLAG } from './sub-rows';

export interface RecordBodyInput {
  fields: readonly FormFieldSpec[];
  /** The form's values of this record (input representation). */
  values: Readonly<Record<string, unknown>>;
  mode: FormMode;
  /** The record as loaded (update). */
  original?: BusinessRecord;
  /** The to-one relation whose foreign key a column holds, by column name. */
  toOne?: ReadonlyMap<string, Relation>;
  /** How each column's input value becomes its wire value (default: by data type). */
  codecOf?: CodecOf;
}

const recordsOf = (value: unknown): BusinessRecord[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is BusinessRecord => typeof item === 'object' && item !== null && !Array.isArray(item),
  );

/**
 * The foreign-key value of the related records picked for a relation column: the target column's
 * value, comma-joined for a multiple-value column (docs/api.md §3); undefined when none is picked.
 */
export const foreignKeyValue = (relation: Relation, multiple: boolean, picked: unknown): unknown => {
  const target = relation.toColumn.name ?? '';
  const keys = recordsOf(picked)
    .map((record) => record[target])
    .filter((key) => !isBlank(key));
  if (keys.length === 0) return undefined;
  return multiple ? keys.map(String).join(',') : keys[0];
};

/** The related records a relation column starts with: the embedded object(s), else its stored key. */
export const pickedRecords = (
  relation: Relation,
  record: BusinessRecord | undefined,
  column: string,
): BusinessRecord[] => {
  if (!record) return [];
  const embedded = recordsOf(record[relation.name]);
  if (embedded.length > 0) return embedded;
  const stored = record[column];
  if (isBlank(stored)) return [];
  const target = relation.toColumn.name ?? '';
  return String(stored)
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
    .map((key) => ({ [target]: key }));
};

/**
 * The body of one record (docs/product.md §3, §5): the editable fields' values in wire form; blank values
 * left out, except that on edit clearing a stored value of a nullable column sends null; a blank
 * password never sent (on edit it keeps the stored one); relation columns as the picked records'
 * key; read-only fields and record stamps never sent.
 */
export const recordBody = ({
  fields,
  values,
  mode,
  original,
  toOne,
  codecOf,
}: RecordBodyInput): BusinessRecord => {
  const body: BusinessRecord = {};
  for (const { column, readOnly } of fields) {
    if (readOnly) continue;
    const relation = toOne?.get(column.name);
    const raw = values[column.name];
    const value = relation
      ? foreignKeyValue(relation, Boolean(column.multipleValue), raw)
      : (codecOf?.(column) ?? BUILT_IN_CODEC).toWire(column, raw);
    if (value !== undefined) {
      body[column.name] = value;
      continue;
    }
    if (
      mode === 'update' &&
      column.dataType !== 'PASSWORD' &&
      column.nullable !== false &&
      original &&
      !isBlank(original[column.name])
    ) {
      body[column.name] = null;
    }
  }
  return body;
};

/** Key values of a loaded child row (an update names the row by them). */
const keyValues = (keys: readonly string[], row: BusinessRecord): BusinessRecord =>
  Object.fromEntries(keys.filter((key) => !isBlank(row[key])).map((key) => [key, row[key]]));

/**
 * Whether the inputs of an optional child (a one-to-one sub-table the record does not have yet)
 * hold anything: a switch alone, which always has a value, does not count.
 */
export const isChildFilled = (fields: readonly FormFieldSpec[], values: unknown): boolean => {
  if (typeof values !== 'object' || values === null) return false;
  const record = values as Record<string, unknown>;
  return fields.some(
    ({ column, readOnly }) => !readOnly && column.dataType !== 'BOOL' && !isBlank(record[column.name]),
  );
};

export interface SubForm {
  section: SubSection;
  /** Fields of a new child (create rules) and of a loaded one (update rules). */
  createFields: readonly FormFieldSpec[];
  updateFields: readonly FormFieldSpec[];
  /** The child's own to-one relations by from-column (a line's track): picked, sent as their key. */
  toOne?: ReadonlyMap<string, Relation>;
}

export interface PayloadInput extends Omit<RecordBodyInput, 'values'> {
  /** Every value of the form: the record's fields plus one entry per sub-table, by relation name. */
  values: Readonly<Record<string, unknown>>;
  subs: readonly SubForm[];
}

const asRecord = (value: unknown): BusinessRecord | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as BusinessRecord)
    : undefined;

/** The loaded child a form row stands for, found by its key values. */
const loadedRow = (keys: readonly string[], rows: readonly BusinessRecord[], row: BusinessRecord) =>
  keys.length === 0
    ? undefined
    : rows.find((candidate) =>
        keys.every((key) => !isBlank(row[key]) && String(candidate[key]) === String(row[key])),
      );

/** The body of a sub-table's row: a new one (create rules, no key) or a loaded one (its key, update rules). */
const childBody = (
  sub: SubForm,
  row: BusinessRecord,
  loaded: BusinessRecord | undefined,
  codecOf: CodecOf | undefined,
): BusinessRecord => {
  const { toOne } = sub;
  if (!loaded) return recordBody({ fields: sub.createFields, values: row, mode: 'create', codecOf, toOne });
  return {
    ...keyValues(sub.section.table.primaryNames ?? [], loaded),
    ...recordBody({
      fields: sub.updateFields,
      values: row,
      mode: 'update',
      original: loaded,
      codecOf,
      toOne,
    }),
  };
};

/**
 * The create or update body of a record with its sub-tables (docs/api.md §3). One-to-many rows go as an
 * array: new rows flagged and without their temporary id, loaded rows with their key. On update a
 * list is sent only when the record came with it whole (a list the user may not read is never
 * sent, so never emptied; nor is one the server cut short, so the rows past it are never deleted). A one-to-one child goes when it was loaded, or when it is filled in. On update the
 * loaded lastModifiedDate goes along for the optimistic lock; createdDate never does.
 */
export const buildRecordPayload = (input: PayloadInput): BusinessRecord => {
  const body = recordBody(input);
  const { original, mode } = input;
  for (const sub of input.subs) {
    const { name, kind } = sub.section;
    const keys = sub.section.table.primaryNames ?? [];
    const value = input.values[name];
    if (kind === 'many') {
      if (mode === 'update' && !Array.isArray(original?.[name])) continue;
      // A list the record came with only in part is never sent: the server would delete the rest.
      if (mode === 'update' && truncatedChildren(original, name)) continue;
      const stored = loadedRows(original?.[name]);
      const rows = loadedRows(value).map((row) => {
        const loaded = mode === 'update' && !isNewSubRow(row) ? loadedRow(keys, stored, row) : undefined;
        return loaded
          ? childBody(sub, row, loaded, input.codecOf)
          : { [NEW_ROW_FLAG]: true, ...childBody(sub, row, undefined, input.codecOf) };
      });
      if (mode === 'create' && rows.length === 0) continue;
      body[name] = rows;
      continue;
    }
    const loaded = mode === 'update' ? asRecord(original?.[name]) : undefined;
    if (loaded) body[name] = childBody(sub, asRecord(value) ?? {}, loaded, input.codecOf);
    else if (isChildFilled(sub.createFields, value))
      body[name] = childBody(sub, asRecord(value) ?? {}, undefined, input.codecOf);
  }
  if (mode === 'update' && original && !isBlank(original[LOCK_COLUMN]))
    body[LOCK_COLUMN] = original[LOCK_COLUMN];
  return body;
};
