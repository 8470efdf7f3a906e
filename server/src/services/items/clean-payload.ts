import {
  choiceText,
  choiceValuesOf,
  filledWhenOmitted,
  isChoiceColumn,
  unknownChoices,
  type RelationType,
} from '../../../../contract/index';
import { TRUNCATED_KEY } from '../../../../contract/embedded-children';
import { USER_NAMES_KEY } from '../../../../contract/system-columns';
import { isFilledOnCreate, isLockedOnUpdate } from '../../../../contract/system-columns';
import type { Localized } from '../../i18n/messages';
import { itemsMessage } from '../../i18n/items-messages';
import { coerceValue } from '../../query/coerce-value';
import { kindOf } from '../../query/data-type-kind';
import type { ScalarValue } from '../../query/query-types';
import type { StoredColumn } from '../metadata-rows';

/** What payload cleaning needs of a relation. */
export interface PayloadRelation {
  name: string;
  relationType: RelationType;
  fromColumn: Pick<StoredColumn, 'name' | 'multipleValue'>;
  toColumn: Pick<StoredColumn, 'name'>;
}

export interface PayloadInput {
  columns: readonly StoredColumn[];
  keyNames: readonly string[];
  relations: readonly PayloadRelation[];
  body: Record<string, unknown>;
  mode: 'create' | 'update';
  /** Columns the server sets itself (a child's foreign key): body values for them are ignored. */
  fixed?: readonly string[];
}

export interface CleanPayload {
  /** Column values to write, coerced to the columns' types (PASSWORD values still in clear). */
  values: Record<string, ScalarValue | null>;
  /** OneToMany / OneToOneMainToSub bodies, by relation name, to write in the same transaction. */
  nested: { relation: string; value: unknown }[];
  /** Field name → message; empty when the payload is good. */
  errors: Record<string, Localized>;
}

/**
 * Body keys that carry no data: the web app's marker of a sub-table row added in the form, and a
 * read record's note of cut child lists and names of its users (a record sent back as it was read).
 */
export const MARKER_KEYS = new Set(['isNewRow', TRUNCATED_KEY, USER_NAMES_KEY]);

const isToOne = (type: RelationType) => type === 'ManyToOne' || type === 'OneToOneSubToMain';

/** Lookups by name of a table's (cached, unchanging) columns or relations, made once per list. */
const lookups = new WeakMap<readonly { name: string }[], ReadonlyMap<string, unknown>>();
const byName = <T extends { name: string }>(list: readonly T[]): ReadonlyMap<string, T> => {
  let found = lookups.get(list) as ReadonlyMap<string, T> | undefined;
  if (!found) {
    found = new Map(list.map((entry) => [entry.name, entry]));
    lookups.set(list, found);
  }
  return found;
};

/** The most allowed values a refusal lists; more are summed up as "…". */
const MAX_LISTED_CHOICES = 30;

/**
 * A choice column's value (docs/api.md §3, "Choice columns"): a single choice takes one option
 * value; a multiple choice takes a comma list or an array of them, stored as a comma list. Any
 * value that is not an option is refused, naming the column and the allowed values. Null or blank
 * (no value chosen) comes back as null.
 */
const choiceValue = (
  column: StoredColumn,
  value: unknown,
): { ok: true; value: string | null } | { ok: false; message: Localized } => {
  const options = column.options ?? [];
  const multiple = column.multipleValue;
  const allowed = () => {
    const values = options.map((option) => option.value);
    return values.length > MAX_LISTED_CHOICES
      ? `${values.slice(0, MAX_LISTED_CHOICES).join(', ')}, …`
      : values.join(', ');
  };
  const name = column.caption ? `${column.caption} (${column.name})` : column.name;
  const badShape =
    (Array.isArray(value) && (!multiple || value.some((entry) => typeof entry !== 'string'))) ||
    (!Array.isArray(value) && typeof value !== 'string');
  if (badShape)
    return {
      ok: false,
      message: itemsMessage(multiple ? 'choiceListShape' : 'choiceShape', { name, allowed: allowed() }),
    };
  const values = choiceValuesOf(value, multiple);
  const unknown = unknownChoices(values, options);
  if (unknown.length > 0)
    return {
      ok: false,
      message: itemsMessage('choiceUnknown', {
        name,
        value: unknown.map((text) => text.slice(0, 100)).join(', '),
        allowed: allowed(),
      }),
    };
  return { ok: true, value: choiceText(values, multiple) };
};

/** Whether the server fills a column itself, or the column may not be written in this mode. */
const ignoredColumn = (column: StoredColumn, input: PayloadInput): boolean => {
  if (column.indexType === 'FULLTEXT') return true;
  if (input.fixed?.includes(column.name)) return true;
  if (input.mode === 'create') {
    return isFilledOnCreate(column.name) || !column.insertable || column.autoIncrement;
  }
  return isLockedOnUpdate(column.name) || !column.updatable || input.keyNames.includes(column.name);
};

/** The key value(s) of a selected parent object (or objects), for a foreign key the body left out. */
const foreignKeyFrom = (relation: PayloadRelation, value: unknown): unknown => {
  const keyOf = (target: unknown) =>
    typeof target === 'object' && target !== null
      ? (target as Record<string, unknown>)[relation.toColumn.name]
      : undefined;
  if (Array.isArray(value)) {
    const keys = value.map(keyOf).filter((key) => key !== undefined && key !== null);
    return relation.fromColumn.multipleValue ? keys.join(',') : keys[0];
  }
  return keyOf(value);
};

/**
 * A column that must get a value on create: not nullable, no default (crudboard's or the
 * database's own), not filled by a sequence, auto-increment or anyone else.
 */
const requiredOnCreate = (column: StoredColumn, input: PayloadInput): boolean =>
  !column.nullable && !filledWhenOmitted(column) && !ignoredColumn(column, input);

/**
 * Checks and types a create or update body (docs/api.md §3): every key must be a column or a relation of
 * the table; values are coerced to their column's type. Columns the server fills (audit columns,
 * the FULLTEXT body, a child's foreign key), auto-increment and non-insertable columns on create
 * (so a sub-table row's temporary id goes too), non-updatable and key columns on update are
 * ignored, never written. ManyToOne objects are ignored
 * except to fill their foreign key when the body leaves it out; OneToMany / MainToSub values are
 * returned for the nested write.
 */
export const cleanPayload = (input: PayloadInput): CleanPayload => {
  const columns = byName(input.columns);
  const relations = byName(input.relations);
  const values: CleanPayload['values'] = {};
  const nested: CleanPayload['nested'] = [];
  // No prototype: a body key such as `__proto__` becomes an ordinary field error.
  const errors: CleanPayload['errors'] = Object.create(null) as CleanPayload['errors'];

  const write = (column: StoredColumn, value: unknown) => {
    if (ignoredColumn(column, input)) return;
    // A blank password leaves the stored one as it is.
    if (value === '' && kindOf(column.dataType) === 'password') return;
    if (isChoiceColumn(column) && value !== null) {
      const chosen = choiceValue(column, value);
      if (!chosen.ok) {
        errors[column.name] = chosen.message;
        return;
      }
      value = chosen.value;
    }
    if (value === null || (value === '' && kindOf(column.dataType) !== 'text')) {
      if (!column.nullable) errors[column.name] = itemsMessage('required');
      else values[column.name] = null;
      return;
    }
    const coerced = coerceValue(column, value);
    if (coerced.ok) values[column.name] = coerced.value;
    else errors[column.name] = coerced.message;
  };

  for (const [key, value] of Object.entries(input.body)) {
    const column = columns.get(key);
    if (column) {
      write(column, value);
      continue;
    }
    const relation = relations.get(key);
    if (relation) {
      if (!isToOne(relation.relationType)) nested.push({ relation: key, value });
      continue;
    }
    if (!MARKER_KEYS.has(key)) errors[key] = itemsMessage('unknownField', { name: key.slice(0, 64) });
  }

  for (const relation of relations.values()) {
    if (!isToOne(relation.relationType) || !Object.hasOwn(input.body, relation.name)) continue;
    const column = columns.get(relation.fromColumn.name);
    if (!column || Object.hasOwn(input.body, column.name)) continue;
    const key = foreignKeyFrom(relation, input.body[relation.name]);
    if (key !== undefined) write(column, key);
  }

  if (input.mode === 'create') {
    for (const column of input.columns) {
      if (
        !Object.hasOwn(values, column.name) &&
        !Object.hasOwn(errors, column.name) &&
        requiredOnCreate(column, input)
      ) {
        errors[column.name] = itemsMessage('required');
      }
    }
  }
  return { values, nested, errors };
};
