import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { plannedScreens } from '../../src/routes/plannedScreens';

const M = 'dataSource/:dataSource/metadata';

/** The signed-in routes as RefineApp declares them: the finished pages, then the planned screens. */
const routes: RouteObject[] = [
  {
    path: '/',
    children: [
      { index: true, id: 'home' },
      { path: 'dataSource/:dataSource', id: 'home:dataSource' },
      { path: 'about', id: 'about' },
      { path: 'setting', id: 'setting' },
      { path: `${M}/tables`, id: 'screens.tables' },
      { path: `${M}/tables/new`, id: 'screens.tableNew' },
      { path: `${M}/tables/:id`, id: 'screens.tableEdit' },
      { path: `${M}/tables/:id/indexs`, id: 'screens.tableIndexes' },
      { path: `${M}/tables/:id/formBuilder`, id: 'screens.tableFormBuilder' },
      { path: `${M}/tables/:id/tablePermission`, id: 'screens.tablePermission' },
      { path: `${M}/sequences`, id: 'screens.sequences' },
      { path: `${M}/sequences/new`, id: 'screens.sequenceNew' },
      { path: `${M}/sequences/:id`, id: 'screens.sequenceEdit' },
      { path: `${M}/tables/reverse`, id: 'screens.tableReverse' },
      { path: `${M}/tables/import`, id: 'screens.tableImport' },
      { path: `${M}/relations`, id: 'screens.relations' },
      { path: `${M}/relations/new`, id: 'screens.relationNew' },
      { path: `${M}/relations/graph`, id: 'screens.relationGraph' },
      { path: `${M}/relations/:id`, id: 'screens.relationEdit' },
      { path: `${M}/sqls/new`, id: 'screens.sqlNew' },
      { path: 'dataSource/:dataSource/business/import', id: 'screens.businessImport' },
      { path: 'dataSource/:dataSource/business/:tableName', id: 'screens.recordList' },
      { path: 'dataSource/:dataSource/business/:tableName/new', id: 'screens.recordNew' },
      { path: 'dataSource/:dataSource/business/:tableName/import', id: 'screens.recordImport' },
      { path: 'dataSource/:dataSource/business/:tableName/:recId', id: 'screens.recordEdit' },
      ...plannedScreens.map((s) => ({ path: s.path, id: s.titleKey })),
      { path: '*', id: 'not-found' },
    ],
  },
];

const screenAt = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.id;

describe('routes of docs/product.md §2', () => {
  it.each<[string, string]>([
    ['/', 'home'],
    ['/dataSource/primary', 'home:dataSource'],
    ['/about', 'about'],
    ['/setting', 'setting'],
    ['/dataSource/pg/metadata/tables', 'screens.tables'],
    ['/dataSource/pg/metadata/tables/new', 'screens.tableNew'],
    ['/dataSource/pg/metadata/tables/import', 'screens.tableImport'],
    ['/dataSource/pg/metadata/tables/reverse', 'screens.tableReverse'],
    ['/dataSource/pg/metadata/tables/12', 'screens.tableEdit'],
    ['/dataSource/pg/metadata/tables/12/indexs', 'screens.tableIndexes'],
    ['/dataSource/pg/metadata/tables/12/formBuilder', 'screens.tableFormBuilder'],
    ['/dataSource/pg/metadata/tables/12/tablePermission', 'screens.tablePermission'],
    ['/dataSource/pg/metadata/sequences', 'screens.sequences'],
    ['/dataSource/pg/metadata/sequences/new', 'screens.sequenceNew'],
    ['/dataSource/pg/metadata/sequences/3', 'screens.sequenceEdit'],
    ['/dataSource/pg/metadata/sqls/new', 'screens.sqlNew'],
    ['/dataSource/pg/metadata/relations', 'screens.relations'],
    ['/dataSource/pg/metadata/relations/graph', 'screens.relationGraph'],
    ['/dataSource/pg/metadata/relations/new', 'screens.relationNew'],
    ['/dataSource/pg/metadata/relations/4', 'screens.relationEdit'],
    ['/dataSource/pg/business/import', 'screens.businessImport'],
    ['/dataSource/pg/business/product', 'screens.recordList'],
    ['/dataSource/pg/business/product/new', 'screens.recordNew'],
    ['/dataSource/pg/business/product/import', 'screens.recordImport'],
    ['/dataSource/pg/business/product/7', 'screens.recordEdit'],
    ['/dataSource/pg/business/orderLine/orderId=1,lineNo=2', 'screens.recordEdit'],
    ['/dataSource/pg/metadata/sqls', 'not-found'],
    ['/dataSource/pg/metadata/tables/12/other', 'not-found'],
    ['/no/such/page', 'not-found'],
  ])('%s → %s', (url, screen) => {
    expect(screenAt(url)).toBe(screen);
  });

  it('declares each planned screen once', () => {
    const paths = plannedScreens.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(0);
  });
});
