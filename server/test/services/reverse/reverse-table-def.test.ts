import { describe, expect, it } from 'vitest';
import type { RawColumn } from '../../../src/dialects/introspection/introspection';
import type { IntrospectedTable } from '../../../src/services/reverse/physical-tables';
import { reverseTableDef } from '../../../src/services/reverse/reverse-table-def';
import type { ReverseWarning } from '../../../src/services/reverse/reverse-warning';

const column = (name: string, type: string, extra: Partial<RawColumn> = {}): RawColumn => ({
  name,
  type,
  nullable: true,
  default: null,
  autoIncrement: false,
  comment: null,
  generated: false,
  ...extra,
});

describe('reverseTableDef', () => {
  it('builds reverse metadata: key on the column, single indexes on their column, the rest composite, none of its own', () => {
    const table: IntrospectedTable = {
      tableName: 'product',
      comment: '商品',
      columns: [
        column('id', 'integer', { nullable: false, autoIncrement: true }),
        column('sku', 'character varying(40)', { nullable: false, comment: '货号' }),
        column('price', 'numeric(10,2)', { default: "'9.90'::numeric" }),
        column('made', 'timestamp without time zone', { default: 'now()' }),
        column('total', 'integer', { generated: true }),
        column('photo', 'bytea'),
      ],
      primaryKey: ['id'],
      indexes: [
        { name: 'product_sku_key', unique: true, columns: ['sku'], type: 'btree' },
        { name: 'product_sku_price', unique: false, columns: ['sku', 'price'], type: 'btree' },
        { name: 'product_lower', unique: false, columns: [null], type: 'btree' },
        { name: 'product_photo_gin', unique: false, columns: ['photo'], type: 'gin' },
        // crudboard's own, beside owner counts: not part of the table's design
        { name: 'cb_ok_1a2b3c4d_product_ownerid', unique: false, columns: ['sku', 'id'], type: 'btree' },
      ],
      foreignKeys: [],
    };
    const warnings: ReverseWarning[] = [];
    const def = reverseTableDef(table, 'pg', 'product', warnings);
    expect(def).toMatchObject({
      name: 'product',
      tableName: 'product',
      caption: '商品',
      description: '商品',
      reverse: true,
      pluralName: null,
    });
    const byName = Object.fromEntries(def.columns.map((c) => [c.name, c]));
    expect(byName.id).toMatchObject({
      dataType: 'INT',
      indexType: 'PRIMARY',
      autoIncrement: true,
      nullable: false,
    });
    expect(byName.sku).toMatchObject({
      dataType: 'VARCHAR',
      length: 40,
      caption: '货号',
      indexType: 'UNIQUE',
      indexName: 'product_sku_key',
      indexStorage: 'BTREE',
      queryable: true,
    });
    expect(byName.price).toMatchObject({
      dataType: 'DECIMAL',
      precision: 10,
      scale: 2,
      defaultValue: '9.90',
    });
    expect(byName.made).toMatchObject({ dataType: 'DATETIME', defaultValue: null });
    expect(byName.total).toMatchObject({ insertable: false, updatable: false, displayable: true });
    expect(byName.photo).toMatchObject({ dataType: 'LONGTEXT', insertable: false, description: '[bytea]' });
    expect(def.indexs).toEqual([
      expect.objectContaining({ name: 'product_sku_price', indexType: 'INDEX', columns: ['sku', 'price'] }),
    ]);
    expect(warnings.map((w) => `${w.reason}:${w.column ?? w.name}`)).toEqual([
      'defaultNotKept:made',
      'approximateType:photo',
      'indexSkipped:product_lower',
      'indexSkipped:product_photo_gin',
    ]);
  });

  it('describes a composite key as a PRIMARY composite index and reports a table without a key', () => {
    const warnings: ReverseWarning[] = [];
    const pair = reverseTableDef(
      {
        tableName: 'PlaylistTrack',
        comment: null,
        columns: [column('PlaylistId', 'INTEGER', { nullable: false }), column('TrackId', 'INTEGER')],
        primaryKey: ['PlaylistId', 'TrackId'],
        indexes: [],
        foreignKeys: [],
      },
      'sqlite',
      'PlaylistTrack',
      warnings,
    );
    expect(pair.columns.map((c) => [c.indexType, c.nullable])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(pair.indexs).toEqual([
      expect.objectContaining({ indexType: 'PRIMARY', columns: ['PlaylistId', 'TrackId'] }),
    ]);
    expect(pair.caption).toBe('PlaylistTrack');
    reverseTableDef(
      {
        tableName: 'log',
        comment: null,
        columns: [column('line', 'TEXT')],
        primaryKey: [],
        indexes: [],
        foreignKeys: [],
      },
      'sqlite',
      'log',
      warnings,
    );
    expect(warnings).toEqual([{ table: 'log', reason: 'noPrimaryKey' }]);
  });
});

describe('reverseTableDef: the title column a reversed table starts with', () => {
  const section = (columns: RawColumn[]): IntrospectedTable => ({
    tableName: 'class_section',
    comment: null,
    columns,
    primaryKey: ['id'],
    indexes: [],
    foreignKeys: [],
  });

  it('is a column named like a name, not the first text column', () => {
    const def = reverseTableDef(
      section([
        column('id', 'integer', { nullable: false }),
        column('day_time', 'varchar(20)'),
        column('section_name', 'varchar(80)'),
      ]),
      'pg',
      'class_section',
      [],
    );
    expect(def.titleColumn).toBe('section_name');
  });

  it('is never a native-typed text column (a uuid) nor a bookkeeping one, and null without text', () => {
    const withUuid = reverseTableDef(
      section([column('id', 'uuid', { nullable: false }), column('createById', 'varchar(20)')]),
      'pg',
      'class_section',
      [],
    );
    expect(withUuid.titleColumn).toBeNull();
    const numbers = reverseTableDef(section([column('id', 'integer')]), 'pg', 'class_section', []);
    expect(numbers.titleColumn).toBeNull();
  });
});
