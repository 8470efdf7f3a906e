import type { PhysicalColumn, PhysicalIndex, PhysicalTableDescription } from '../../../../contract/index';

/** The names MySQL's SHOW TABLE STATUS / SHOW FULL COLUMNS / SHOW INDEX give the same facts. */
export interface MysqlStyleColumn {
  Field: string;
  Type: string;
  Null: 'YES' | 'NO';
  Key: PhysicalColumn['key'];
  Default: string | null;
  Extra: string;
  Comment: string;
}

export interface MysqlStyleIndex {
  Key_name: string;
  Column_name: string;
  Non_unique: 0 | 1;
  Index_type: string;
  Seq_in_index: number;
}

export type DescriptionForClients = Omit<PhysicalTableDescription, 'columns' | 'indexs'> & {
  Name: string;
  Engine: string | null;
  Comment: string;
  columns: (PhysicalColumn & MysqlStyleColumn)[];
  indexs: (PhysicalIndex & MysqlStyleIndex)[];
};

/**
 * One description, two spellings: crudboard's keys and, in the same objects, the MySQL-style keys
 * that crudapi's clients read. An index is one object (crudboard lists its columns); its MySQL
 * keys describe its first column, as the first SHOW INDEX row of that index would.
 */
export const withMysqlStyleKeys = (description: PhysicalTableDescription): DescriptionForClients => ({
  ...description,
  Name: description.tableName,
  Engine: null,
  Comment: description.comment ?? '',
  columns: description.columns.map((column) => ({
    ...column,
    Field: column.name,
    Type: column.type,
    Null: column.nullable ? 'YES' : 'NO',
    Key: column.key,
    Default: column.default,
    Extra: column.autoIncrement ? 'auto_increment' : '',
    Comment: column.comment ?? '',
  })),
  indexs: description.indexs.map((index) => ({
    ...index,
    Key_name: index.name,
    Column_name: index.columns[0] ?? '',
    Non_unique: index.unique ? 0 : 1,
    Index_type: index.type ?? 'BTREE',
    Seq_in_index: 1,
  })),
});
