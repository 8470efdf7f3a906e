import {
  DATA_TYPE_TABLE,
  dataTypesWhere,
  isDataType,
  type Column,
  type DataType,
  type RelationType,
  type Table,
} from '../../../contract';

/** Column types a relation may join on (crudapi offers exactly these). */
export const KEY_LIKE_TYPES: readonly DataType[] = dataTypesWhere((traits) => traits.keyLike);

/** Whether a column can be one end of a relation: an integer or a CHAR / VARCHAR column. */
export const isKeyLikeColumn = (column: Pick<Column, 'dataType'>): boolean =>
  KEY_LIKE_TYPES.includes(column.dataType);

/** The columns of a table that a relation may use, in the table's order. */
export const keyLikeColumns = (table: Pick<Table, 'columns'> | undefined): Column[] =>
  (table?.columns ?? []).filter(isKeyLikeColumn);

/** `integer` or `text`: two ends of a relation must be of the same family. */
export const keyFamily = (dataType: DataType): 'integer' | 'text' | null => {
  const traits = isDataType(dataType) ? DATA_TYPE_TABLE[dataType] : null;
  if (!traits?.keyLike) return null;
  return traits.integer ? 'integer' : 'text';
};

export const compatibleKeyTypes = (from: DataType, to: DataType): boolean => {
  const family = keyFamily(from);
  return family !== null && family === keyFamily(to);
};

/** What each end of a relation holds: the referenced key, or the foreign key pointing at it. */
export type KeyRole = 'key' | 'foreignKey';

export interface RelationSides {
  from: KeyRole;
  to: KeyRole;
}

/**
 * docs/api.md §2.3: for OneToMany / OneToOneMainToSub the from-column is the main table's key and the
 * to-column the sub table's foreign key; for ManyToOne / OneToOneSubToMain the from-column is the
 * local foreign key and the to-column the target's key.
 */
export const relationSides = (type: RelationType): RelationSides =>
  type === 'OneToMany' || type === 'OneToOneMainToSub'
    ? { from: 'key', to: 'foreignKey' }
    : { from: 'foreignKey', to: 'key' };

/** The column to pick first for an end that holds the key: the table's (single) primary key. */
export const suggestedKeyColumn = (table: Table | undefined): Column | undefined => {
  const columns = keyLikeColumns(table);
  const primary = table?.primaryNames?.length === 1 ? table.primaryNames[0] : undefined;
  return (
    columns.find((c) => c.name === primary) ??
    columns.find((c) => c.indexType === 'PRIMARY') ??
    (columns.length === 1 ? columns[0] : undefined)
  );
};

/**
 * The column to pick first for the foreign-key end: a column named after the other table and its
 * key (`customerId`, `customer_id`, `CustomerId`), or after the key itself (`ArtistId` → `ArtistId`),
 * when exactly one matches; never the key itself.
 */
export const suggestedForeignKeyColumn = (
  table: Table | undefined,
  other: Table | undefined,
  otherKey?: Column,
): Column | undefined => {
  if (!table || !other) return undefined;
  const fold = (text: string) => text.toLowerCase().replace(/_/g, '');
  const keyName = otherKey?.name ?? 'id';
  const names = [other.name, other.tableName, other.caption].filter((n): n is string => Boolean(n));
  const wanted = new Set([
    ...names.flatMap((n) => [fold(`${n}${keyName}`), fold(`${n}id`)]),
    ...(fold(keyName) !== 'id' ? [fold(keyName)] : []),
  ]);
  const matches = keyLikeColumns(table).filter(
    (c) =>
      wanted.has(fold(c.name)) &&
      !(otherKey && c.id !== undefined && c.id === otherKey.id) &&
      (!otherKey || compatibleKeyTypes(c.dataType, otherKey.dataType)),
  );
  return matches.length === 1 ? matches[0] : undefined;
};
