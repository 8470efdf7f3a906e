import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/RefineApp';

const M = 'dataSource/:dataSource/metadata';
const B = 'dataSource/:dataSource/business';

/** The route objects RefineApp declares (its `<Routes>` children), as react-router reads them. */
const routes = createRoutesFromChildren(
  (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children,
);

/** The path pattern of the innermost route a URL opens; the index route shows as `(index)`. */
const patternAt = (url: string) => {
  const route = matchRoutes(routes, url)?.at(-1)?.route;
  return route?.index ? '(index)' : route?.path;
};

describe('AppRoutes', () => {
  it.each<[string, string]>([
    ['/', '(index)'],
    ['/dataSource/primary', 'dataSource/:dataSource'],
    ['/about', 'about'],
    ['/setting', 'setting'],
    ['/dataSource/pg/metadata/tables', `${M}/tables`],
    ['/dataSource/pg/metadata/tables/new', `${M}/tables/new`],
    ['/dataSource/pg/metadata/tables/import', `${M}/tables/import`],
    ['/dataSource/pg/metadata/tables/reverse', `${M}/tables/reverse`],
    ['/dataSource/pg/metadata/tables/12', `${M}/tables/:id`],
    ['/dataSource/pg/metadata/tables/12/indexs', `${M}/tables/:id/indexs`],
    ['/dataSource/pg/metadata/tables/12/formBuilder', `${M}/tables/:id/formBuilder`],
    ['/dataSource/pg/metadata/tables/12/tablePermission', `${M}/tables/:id/tablePermission`],
    ['/dataSource/pg/metadata/sequences', `${M}/sequences`],
    ['/dataSource/pg/metadata/sequences/new', `${M}/sequences/new`],
    ['/dataSource/pg/metadata/sequences/3', `${M}/sequences/:id`],
    ['/dataSource/pg/metadata/sqls/new', `${M}/sqls/new`],
    ['/dataSource/pg/metadata/relations', `${M}/relations`],
    ['/dataSource/pg/metadata/relations/graph', `${M}/relations/graph`],
    ['/dataSource/pg/metadata/relations/new', `${M}/relations/new`],
    ['/dataSource/pg/metadata/relations/4', `${M}/relations/:id`],
    ['/dataSource/pg/business/import', `${B}/import`],
    ['/dataSource/pg/business/product', `${B}/:tableName`],
    ['/dataSource/pg/business/product/new', `${B}/:tableName/new`],
    ['/dataSource/pg/business/product/import', `${B}/:tableName/import`],
    ['/dataSource/pg/business/product/7', `${B}/:tableName/:recId`],
    ['/dataSource/pg/business/orderLine/orderId=1,lineNo=2', `${B}/:tableName/:recId`],
    ['/dataSource/pg/metadata/sqls', '*'],
    ['/dataSource/pg/metadata/tables/12/other', '*'],
    ['/no/such/page', '*'],
  ])('%s opens %s', (url, pattern) => {
    expect(patternAt(url)).toBe(pattern);
  });

  it('declares each path once', () => {
    const paths = routes.flatMap((route) => (route.children ?? []).map((child) => child.path ?? '(index)'));
    expect(paths.length).toBeGreaterThan(20);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
