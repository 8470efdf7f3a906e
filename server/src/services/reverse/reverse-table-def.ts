import { CHOICE_SEPARATOR, choiceOptionsProblem, type ChoiceOption } from '../../../../contract/choice';
import { isSystemColumnName } from '../../../../contract/system-columns';
import { suggestTitleColumn } from '../../../../contract/title-column';
import type { Client } from '../../config';
import { parseDefaultValue } from '../../dialects/default-value';
import type { RawColumn, RawIndex } from '../../dialects/introspection/introspection';
import { isOwnerKeyIndexName, MAX_IDENTIFIER_LENGTH } from '../../dialects/derived-name';
import { isTextType } from '../../query/data-type-kind';
import type { ColumnDef, IndexDef, TableDef } from '../../model/table-def';
import { literalDefault } from './literal-default';
import { mapPhysicalType, type MappedType } from './map-physical-type';
import { recordKeyOf } from './record-key';
import type { IntrospectedTable } from './physical-tables';
import type { ReverseWarning } from './reverse-warning';

const CAPTION_LENGTH = 200;
/** The lengths metadata keeps of a native type and of a native default expression. */
const NATIVE_TYPE_LENGTH = 200;
const NATIVE_DEFAULT_LENGTH = 1000;

const storageOf = (index: RawIndex): IndexDef['indexStorage'] => {
  const type = (index.type ?? '').toLowerCase();
  if (type === 'hash') return 'HASH';
  return type === 'btree' ? 'BTREE' : null;
};

/** Indexes metadata can describe: plain or unique ones over columns (no expressions, no full-text or spatial). */
const describable = (index: RawIndex): boolean =>
  index.columns.length > 0 &&
  index.columns.every((column) => column !== null) &&
  ['btree', 'hash'].includes((index.type ?? '').toLowerCase());

/** Longest VARCHAR a reversed choice column is given (crudboard's VARCHAR maximum). */
const MAX_CHOICE_VARCHAR = 16383;
/** The length a reversed choice column gets when its values need less. */
const CHOICE_VARCHAR = 255;

/**
 * A column whose type lists its values (MySQL ENUM / SET, a PostgreSQL enum type) as a choice
 * column: VARCHAR long enough for its values (every value joined by commas for a SET), its members
 * as options in the database's order, several for a SET. Written as text: the database turns it
 * into its own type. A text column a `CHECK (col IN (...))` limits keeps its type and gets those
 * values as options. Undefined when the type lists none, or values the choice rule refuses (a
 * blank member, too many...): the column is then reversed as before.
 */
const choiceColumnOf = (
  raw: RawColumn,
  mapped: MappedType,
): { mapped: MappedType; options: ChoiceOption[]; multiple: boolean } | undefined => {
  if (!raw.choices || raw.choices.values.length === 0) return undefined;
  const { values, multiple } = raw.choices;
  const options = values.map((value) => ({ value }));
  if (raw.choices.fromCheck) {
    // A CHECK (col IN (...)) on a text column: the column keeps its type, with the values as options.
    if (mapped.fidelity || choiceOptionsProblem(options, { dataType: mapped.dataType, multipleValue: false }))
      return undefined;
    if (mapped.length !== null && values.some((value) => value.length > (mapped.length ?? 0)))
      return undefined;
    return { mapped, options, multiple: false };
  }
  if (choiceOptionsProblem(options, { dataType: 'VARCHAR', multipleValue: multiple })) return undefined;
  const need = multiple
    ? values.reduce((sum, value) => sum + value.length, 0) + (values.length - 1) * CHOICE_SEPARATOR.length
    : Math.max(...values.map((value) => value.length));
  if (need > MAX_CHOICE_VARCHAR) return undefined;
  // At least what MySQL's ENUM / SET were read as before: a filter with a longer text is refused.
  const length = Math.max(need, CHOICE_VARCHAR, mapped.dataType === 'VARCHAR' ? (mapped.length ?? 0) : 0);
  return {
    mapped: {
      dataType: 'VARCHAR',
      length,
      precision: null,
      scale: null,
      unsigned: false,
      fidelity: 'approximate',
    },
    options,
    multiple,
  };
};

const toColumnDef = (
  table: IntrospectedTable,
  dialect: Client,
  displayOrder: number,
  warnings: ReverseWarning[],
): ColumnDef => {
  const raw = table.columns[displayOrder];
  if (!raw) throw new Error('column out of range');
  const choice = choiceColumnOf(raw, mapPhysicalType(raw.type, dialect));
  const mapped = choice?.mapped ?? mapPhysicalType(raw.type, dialect);
  const singleKey = table.primaryKey.length === 1 && table.primaryKey[0] === raw.name;
  const inKey = table.primaryKey.includes(raw.name);
  const foreignKey = table.foreignKeys.some((key) => key.column === raw.name);
  const autoIncrement = raw.autoIncrement && singleKey;
  if (mapped.fidelity) {
    warnings.push({
      table: table.tableName,
      column: raw.name,
      type: raw.type,
      dataType: mapped.dataType,
      reason: mapped.fidelity === 'unknown' ? 'unknownType' : 'approximateType',
    });
  }
  const typed = {
    dataType: mapped.dataType,
    length: mapped.length,
    precision: mapped.precision,
    scale: mapped.scale,
    unsigned: mapped.unsigned,
  };
  let defaultValue: string | null = null;
  let nativeDefault: string | null = null;
  if (!autoIncrement && raw.default !== null) {
    const literal = literalDefault(raw.default, dialect);
    if (literal !== undefined && literal !== null && parseDefaultValue(typed, literal).ok)
      defaultValue = literal;
    else if (literal !== null) {
      // The database still fills the column when a create leaves it out.
      nativeDefault = raw.default.slice(0, NATIVE_DEFAULT_LENGTH);
      warnings.push({
        table: table.tableName,
        column: raw.name,
        name: raw.default,
        reason: 'defaultNotKept',
      });
    }
  }
  const writable = !raw.generated && !mapped.readOnly;
  const caption = (raw.comment?.trim() || raw.name).slice(0, CAPTION_LENGTH);
  return {
    name: raw.name,
    caption,
    captions: null,
    description: describeColumn(raw.comment, mapped.fidelity ? raw.type : null),
    displayOrder,
    ...typed,
    indexType: singleKey ? 'PRIMARY' : null,
    indexStorage: null,
    indexName: null,
    autoIncrement,
    seqId: null,
    nullable: raw.nullable && !inKey,
    defaultValue,
    insertable: writable,
    updatable: writable,
    // Text columns, the key and foreign keys: what a newcomer filters a reversed table by.
    queryable: !mapped.readOnly && (isTextType(mapped.dataType) || inKey || foreignKey),
    displayable: !mapped.readOnly,
    systemable: false,
    multipleValue: choice?.multiple ?? false,
    options: choice?.options ?? null,
    nativeType: mapped.fidelity ? raw.type.slice(0, NATIVE_TYPE_LENGTH) : null,
    nativeDefault,
  };
};

/** The column's comment, and the physical type when the data type only approximates it. */
const describeColumn = (comment: string | null, approximated: string | null): string | null => {
  const text = [comment?.trim() || null, approximated === null ? null : `[${approximated}]`]
    .filter((part) => part !== null)
    .join(' ');
  return text === '' ? null : text;
};

const primaryIndexName = (tableName: string) => `pk_${tableName}`.slice(0, MAX_IDENTIFIER_LENGTH);

/**
 * The metadata of an existing physical table (docs/api.md §2.1, `reverse: true`): every column with
 * the nearest data type (and the physical type as `nativeType` when that type only approximates
 * it; a default expression the database keeps as `nativeDefault`), the primary key (on the column, or a PRIMARY composite index), the other
 * indexes on their column or as composite indexes. Pure; what could not be said exactly is
 * added to `warnings`. `name` is the API name chosen for the table.
 */
export const reverseTableDef = (
  table: IntrospectedTable,
  dialect: Client,
  name: string,
  warnings: ReverseWarning[],
): TableDef => {
  const columns = table.columns.map((_, i) => toColumnDef(table, dialect, i, warnings));
  const byName = new Map(columns.map((column) => [column.name, column]));
  const indexs: IndexDef[] = [];
  if (table.primaryKey.length > 1) {
    indexs.push({
      name: primaryIndexName(table.tableName),
      caption: '主键',
      description: null,
      indexType: 'PRIMARY',
      indexStorage: null,
      columns: table.primaryKey,
    });
  }
  const recordKey = recordKeyOf(table);
  if (recordKey.kind === 'unique')
    warnings.push({ table: table.tableName, name: recordKey.columns.join(','), reason: 'uniqueAsKey' });
  if (recordKey.kind === 'none') warnings.push({ table: table.tableName, reason: 'noPrimaryKey' });
  // crudboard's own index beside a table's owner counts is none of the table's design.
  for (const index of table.indexes.filter((found) => !isOwnerKeyIndexName(found.name))) {
    if (!describable(index)) {
      warnings.push({ table: table.tableName, name: index.name, reason: 'indexSkipped' });
      continue;
    }
    const names = index.columns as string[];
    const indexType = index.unique ? 'UNIQUE' : 'INDEX';
    const single = names.length === 1 ? byName.get(names[0] ?? '') : undefined;
    if (single && single.indexType === null) {
      single.indexType = indexType;
      single.indexName = index.name;
      single.indexStorage = storageOf(index);
      continue;
    }
    indexs.push({
      name: index.name,
      caption: index.name,
      description: null,
      indexType,
      indexStorage: storageOf(index),
      columns: names,
    });
  }
  const comment = table.comment?.trim() || null;
  return {
    name,
    pluralName: null,
    tableName: table.tableName,
    caption: (comment ?? table.tableName).slice(0, CAPTION_LENGTH),
    captions: null,
    description: comment,
    engine: null,
    reverse: true,
    systemable: false,
    // Without a key a record cannot be updated or deleted alone: the table is shown read-only.
    readOnly: recordKey.kind === 'none' || table.view === true,
    historyMode: 'on',
    historyKeep: null,
    titleColumn: suggestTitleColumn(
      columns.filter(
        (column) => !column.nativeType && (column.name === 'name' || !isSystemColumnName(column.name)),
      ),
    ),
    columns,
    indexs,
  };
};
