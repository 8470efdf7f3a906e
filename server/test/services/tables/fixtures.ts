import type { ColumnDef, TableDef } from '../../../src/model/table-def';
import { NEW_COLUMN } from '../../../src/services/tables/column-def-from-body';

/** A column definition with the defaults of a new column. */
export const col = (name: string, extra: Partial<ColumnDef> = {}): ColumnDef => ({
  ...NEW_COLUMN,
  name,
  caption: name,
  displayOrder: 0,
  length: extra.dataType === undefined || extra.dataType === 'VARCHAR' ? 255 : null,
  ...extra,
});

export const idColumn = (extra: Partial<ColumnDef> = {}): ColumnDef =>
  col('id', {
    dataType: 'BIGINT',
    indexType: 'PRIMARY',
    autoIncrement: true,
    nullable: false,
    length: null,
    ...extra,
  });

/** A stored table (ids on everything) named `product`. */
export const table = (columns: ColumnDef[], extra: Partial<TableDef> = {}): TableDef => ({
  id: 1,
  name: 'product',
  pluralName: null,
  tableName: 'product',
  caption: '产品',
  captions: null,
  description: null,
  engine: null,
  reverse: false,
  systemable: false,
  readOnly: false,
  titleColumn: null,
  historyMode: 'on',
  historyKeep: null,
  columns,
  indexs: [],
  ...extra,
});
