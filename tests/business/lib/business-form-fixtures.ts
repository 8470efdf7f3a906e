import type { Column, Relation, Table } from '../../../contract';

const col = (name: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  name,
  caption: name,
  dataType,
  nullable: true,
  insertable: true,
  updatable: true,
  ...extra,
});

/** System columns as a new table gets them. */
export const systemColumns = (idBase: number): Column[] => [
  col('id', 'BIGINT', {
    id: idBase,
    indexType: 'PRIMARY',
    autoIncrement: true,
    nullable: false,
    insertable: false,
    updatable: false,
  }),
  col('fullTextBody', 'TEXT', { id: idBase + 1, indexType: 'FULLTEXT', insertable: false, updatable: false }),
  col('createdDate', 'DATETIME', { id: idBase + 2, nullable: false, insertable: false, updatable: false }),
  col('lastModifiedDate', 'DATETIME', { id: idBase + 3, insertable: false, updatable: false }),
  col('createById', 'BIGINT', { id: idBase + 4, insertable: false, updatable: false }),
  col('ownerId', 'BIGINT', { id: idBase + 5 }),
  col('isDeleted', 'BOOL', { id: idBase + 6 }),
];

export const product: Table = {
  id: 1,
  name: 'product',
  caption: '产品',
  primaryNames: ['id'],
  columns: [
    ...systemColumns(100),
    col('name', 'VARCHAR', { id: 110, caption: '名称', nullable: false, length: 20 }),
    col('code', 'CHAR', { id: 111, caption: '编码', nullable: false, updatable: false, length: 8 }),
    col('price', 'DECIMAL', { id: 112, caption: '价格', precision: 8, scale: 2 }),
    col('stock', 'INT', { id: 113, caption: '库存', nullable: false, defaultValue: '0' }),
    col('onSale', 'BOOL', { id: 114, caption: '上架', nullable: false, defaultValue: 'true' }),
    col('memo', 'TEXT', { id: 115, caption: '备注' }),
    col('secret', 'PASSWORD', { id: 116, caption: '口令', nullable: false }),
    col('categoryId', 'BIGINT', { id: 117, caption: '分类' }),
  ],
};

export const category: Table = {
  id: 2,
  name: 'category',
  caption: '分类',
  primaryNames: ['id'],
  columns: [...systemColumns(200), col('name', 'VARCHAR', { id: 210, caption: '名称', displayable: true })],
};

export const productLine: Table = {
  id: 3,
  name: 'productLine',
  caption: '明细',
  primaryNames: ['id'],
  columns: [
    ...systemColumns(300),
    col('productId', 'BIGINT', { id: 310, nullable: false }),
    col('sku', 'VARCHAR', { id: 311, caption: '货号', nullable: false }),
    col('qty', 'INT', { id: 312, caption: '数量' }),
  ],
};

export const productDetail: Table = {
  id: 4,
  name: 'productDetail',
  caption: '详情',
  primaryNames: ['id'],
  columns: [
    ...systemColumns(400),
    col('productId', 'BIGINT', { id: 410, nullable: false }),
    col('origin', 'VARCHAR', { id: 411, caption: '产地', nullable: false }),
    col('organic', 'BOOL', { id: 412, caption: '有机', nullable: false, defaultValue: 'false' }),
  ],
};

export const relations: Relation[] = [
  {
    id: 1,
    name: 'category',
    relationType: 'ManyToOne',
    fromTable: { id: 1, name: 'product' },
    toTable: { id: 2, name: 'category' },
    fromColumn: { id: 117, name: 'categoryId' },
    toColumn: { id: 200, name: 'id' },
  },
  {
    id: 2,
    name: 'lines',
    caption: '产品明细',
    relationType: 'OneToMany',
    fromTable: { id: 1, name: 'product' },
    toTable: { id: 3, name: 'productLine' },
    fromColumn: { id: 100, name: 'id' },
    toColumn: { id: 310, name: 'productId' },
  },
  {
    id: 3,
    name: 'detail',
    relationType: 'OneToOneMainToSub',
    fromTable: { id: 1, name: 'product' },
    toTable: { id: 4, name: 'productDetail' },
    fromColumn: { id: 100, name: 'id' },
    toColumn: { id: 410, name: 'productId' },
  },
];

export const relatedTables: Record<string, Table> = { category, productLine, productDetail };
