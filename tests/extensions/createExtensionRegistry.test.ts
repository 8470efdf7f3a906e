import { describe, expect, it } from 'vitest';
import { createExtensionRegistry, extensionsOf } from '../../src/extensions/createExtensionRegistry';
import { defineExtension } from '../../src/extensions/defineExtension';

const Page = () => null;
const OrdersList = () => null;
const OrdersListOnArchive = () => null;

const sample = defineExtension({
  name: 'sample',
  resources: [
    {
      name: 'dashboard',
      list: { path: '/dataSource/:dataSource/ext/dashboard', component: Page },
      meta: { labelKey: 'ext.sample.menu', parent: 'system', order: 5, permission: 'ext:sample:read' },
    },
  ],
  routes: [{ path: '/dataSource/:dataSource/ext/board/:tableName', component: Page }],
  pages: { orders: { list: OrdersList }, 'archive/orders': { list: OrdersListOnArchive } },
  permissions: [{ code: 'ext:sample:read', label: { 'zh-CN': '看', 'en-US': 'See' } }],
  locales: { 'zh-CN': { menu: '样例' }, 'en-US': { menu: 'Sample' } },
});

describe('createExtensionRegistry', () => {
  it('turns resources into Refine resources and collects their routes with the loose ones', () => {
    const registry = createExtensionRegistry([sample]);
    expect(registry.resources).toEqual([
      {
        name: 'dashboard',
        identifier: 'ext.dashboard',
        list: '/dataSource/:dataSource/ext/dashboard',
        meta: {
          kind: 'extension',
          labelKey: 'ext.sample.menu',
          parent: 'system',
          order: 5,
          permission: 'ext:sample:read',
        },
      },
    ]);
    expect(registry.routes.map((route) => route.path)).toEqual([
      '/dataSource/:dataSource/ext/dashboard',
      '/dataSource/:dataSource/ext/board/:tableName',
    ]);
    expect(registry.permissions.map((permission) => permission.code)).toEqual(['ext:sample:read']);
    // a resource's page needs its permission; a loose route only the one it names
    expect(registry.routes.map((route) => route.permission)).toEqual(['ext:sample:read', undefined]);
  });

  it('nests texts under ext.<name> per locale', () => {
    const registry = createExtensionRegistry([sample]);
    expect(registry.locale('zh-CN')).toEqual({ ext: { sample: { menu: '样例' } } });
    expect(registry.locale('en-US')).toEqual({ ext: { sample: { menu: 'Sample' } } });
  });

  it('finds a table page by name, a data-source entry first; other actions and tables stay generic', () => {
    const registry = createExtensionRegistry([sample]);
    expect(registry.tablePage('primary', 'orders', 'list')).toBe(OrdersList);
    expect(registry.tablePage('archive', 'orders', 'list')).toBe(OrdersListOnArchive);
    expect(registry.tablePage('primary', 'orders', 'edit')).toBeUndefined();
    expect(registry.tablePage('primary', 'customers', 'list')).toBeUndefined();
  });

  it('refuses two extensions claiming one name, resource, route, permission or table', () => {
    expect(() => createExtensionRegistry([sample, sample])).toThrow('extension name "sample"');
    const clash = (extra: Partial<Parameters<typeof defineExtension>[0]>) =>
      createExtensionRegistry([sample, defineExtension({ name: 'other', ...extra })]);
    expect(() => clash({ resources: sample.resources })).toThrow('resource "dashboard"');
    expect(() => clash({ routes: sample.routes })).toThrow(
      'route "/dataSource/:dataSource/ext/board/:tableName"',
    );
    expect(() => clash({ pages: { orders: {} } })).toThrow('pages for "orders"');
  });

  it('checks names and permission prefixes when an extension is defined', () => {
    expect(() => defineExtension({ name: 'Bad Name' })).toThrow('lower-case');
    expect(() =>
      defineExtension({
        name: 'x',
        permissions: [{ code: 'ext:y:read', label: { 'zh-CN': '', 'en-US': '' } }],
      }),
    ).toThrow('must start with ext:x:');
  });

  it('takes the default export of each found module, in path order, and names a module without one', () => {
    const other = defineExtension({ name: 'other' });
    expect(
      extensionsOf({ './b/index.ts': { default: sample }, './a/index.tsx': { default: other } }),
    ).toEqual([other, sample]);
    expect(() => extensionsOf({ './c/index.ts': {} })).toThrow(
      './c/index.ts must export default defineExtension',
    );
  });
});
