import { sequencePaths, tablePaths } from '../../../src/common/lib/metadata-paths';

describe('metadata paths', () => {
  it('builds the table routes of docs/product.md §2', () => {
    const paths = tablePaths('pg 1');
    expect([
      paths.list,
      paths.create,
      paths.edit(3),
      paths.indexes(3),
      paths.formBuilder(3),
      paths.permission(3),
    ]).toEqual([
      '/dataSource/pg%201/metadata/tables',
      '/dataSource/pg%201/metadata/tables/new',
      '/dataSource/pg%201/metadata/tables/3',
      '/dataSource/pg%201/metadata/tables/3/indexs',
      '/dataSource/pg%201/metadata/tables/3/formBuilder',
      '/dataSource/pg%201/metadata/tables/3/tablePermission',
    ]);
  });

  it('builds the sequence routes of docs/product.md §2', () => {
    const paths = sequencePaths('primary');
    expect([paths.list, paths.create, paths.edit(8)]).toEqual([
      '/dataSource/primary/metadata/sequences',
      '/dataSource/primary/metadata/sequences/new',
      '/dataSource/primary/metadata/sequences/8',
    ]);
  });
});
