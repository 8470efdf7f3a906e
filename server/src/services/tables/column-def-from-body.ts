import { normalizeCaptions, type Captions } from '../../../../contract/captions';
import { normalizeChoiceOptions } from '../../../../contract/choice';
import { isSystemColumnName, SYSTEM_COLUMN_CAPTIONS } from '../../../../contract/system-columns';
import type { ColumnBody } from '../../schemas/table-body';
import { dataTypeTraits } from '../../../../contract/data-types';
import type { ColumnDef } from '../../model/table-def';

/** A stored column's fields as a new column gets them when the body leaves them out. */
export const NEW_COLUMN: Omit<ColumnDef, 'name' | 'caption' | 'displayOrder'> = {
  captions: null,
  description: null,
  dataType: 'VARCHAR',
  length: null,
  precision: null,
  scale: null,
  unsigned: false,
  indexType: null,
  indexStorage: null,
  indexName: null,
  autoIncrement: false,
  seqId: null,
  nullable: true,
  defaultValue: null,
  insertable: true,
  updatable: true,
  queryable: false,
  displayable: false,
  systemable: false,
  multipleValue: false,
  options: null,
  nativeType: null,
  nativeDefault: null,
};

const FLAGS = [
  'unsigned',
  'autoIncrement',
  'nullable',
  'insertable',
  'updatable',
  'queryable',
  'displayable',
  'systemable',
  'multipleValue',
] as const;

/** Prefixes of the index names given to indexed columns that come without one. */
const INDEX_NAME_PREFIX = { UNIQUE: 'uk_', INDEX: 'idx_', FULLTEXT: 'ft_' } as const;

/** crudapi sends -1 for "none" in numeric fields. */
const count = (value: number | null): number | null => (value === null || value < 0 ? null : value);

const blankToNull = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value;

/**
 * Lengths, precision and scale as the physical column has them: defaults filled in where the
 * type takes them, cleared where it does not.
 */
export const normalizeColumnSize = (column: ColumnDef): ColumnDef => {
  const { length, decimal } = dataTypeTraits(column.dataType);
  return {
    ...column,
    length: length === null ? null : 'fixed' in length ? length.fixed : (column.length ?? length.fallback),
    precision: decimal ? (column.precision ?? decimal.precision.fallback) : null,
    scale: decimal ? (column.scale ?? decimal.scale.fallback) : null,
  };
};

/**
 * Applies the fields present in a column body onto `base` (a stored column, or NEW_COLUMN for a new
 * one). Absent fields and null flags keep the base value; null clears nullable fields; a blank
 * default means none (as in crudapi). Index fields are cleared when the column has no index.
 * `nativeType` and `nativeDefault` are never taken from a body: a new data type drops the native
 * type (the column gets crudboard's type), a new default drops the database's default expression.
 */
export const columnDefFromBody = (body: ColumnBody, base: ColumnDef): ColumnDef => {
  const column: ColumnDef = { ...base };
  if (body.name !== undefined) column.name = body.name;
  if (body.caption !== undefined) column.caption = body.caption ?? '';
  if (body.captions !== undefined) column.captions = normalizeCaptions(body.captions);
  if (body.description !== undefined) column.description = body.description;
  if (body.displayOrder !== undefined && body.displayOrder !== null) column.displayOrder = body.displayOrder;
  if (body.dataType !== undefined) column.dataType = body.dataType;
  if (body.length !== undefined) column.length = count(body.length);
  if (body.precision !== undefined) column.precision = count(body.precision);
  if (body.scale !== undefined) column.scale = count(body.scale);
  if (body.indexType !== undefined) column.indexType = body.indexType;
  if (body.indexStorage !== undefined) column.indexStorage = body.indexStorage;
  if (body.indexName !== undefined) column.indexName = blankToNull(body.indexName);
  if (body.seqId !== undefined) column.seqId = count(body.seqId);
  if (body.defaultValue !== undefined) column.defaultValue = blankToNull(body.defaultValue);
  if (body.options !== undefined) column.options = normalizeChoiceOptions(body.options);
  if (column.dataType !== base.dataType) column.nativeType = null;
  if (column.defaultValue !== base.defaultValue) column.nativeDefault = null;
  for (const flag of FLAGS) {
    const value = body[flag];
    if (value !== undefined && value !== null) column[flag] = value;
  }
  if (column.indexType === null || column.indexType === 'NONE') {
    column.indexName = null;
    column.indexStorage = null;
  } else if (column.indexName === null && column.indexType !== 'PRIMARY') {
    column.indexName = `${INDEX_NAME_PREFIX[column.indexType]}${column.name}`.slice(0, 64);
  }
  return normalizeColumnSize(column);
};

/** A column that is not stored yet; a primary key column is NOT NULL unless the body says otherwise. */
export const newColumnFromBody = (body: ColumnBody, displayOrder: number): ColumnDef => {
  const column = columnDefFromBody(body, {
    ...NEW_COLUMN,
    name: '',
    caption: body.name ?? '',
    displayOrder,
    nullable: body.indexType !== 'PRIMARY',
  });
  return column.captions === null ? { ...column, captions: systemColumnCaptions(column) } : column;
};

/**
 * The English caption of a system column (`id`, `createdDate`…) that keeps its Chinese default
 * caption, so that a new table shows it in English too; null for any other column.
 */
const systemColumnCaptions = (column: Pick<ColumnDef, 'name' | 'caption'>): Captions | null => {
  if (!isSystemColumnName(column.name)) return null;
  const defaults = SYSTEM_COLUMN_CAPTIONS[column.name];
  return column.caption === defaults['zh-CN'] ? { 'en-US': defaults['en-US'] } : null;
};
