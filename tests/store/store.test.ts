import { describe, expect, it, vi } from 'vitest';
import type { Table } from '../../contract';
import { toTableResources } from '../../src/resources/toTableResources';
import { clearBrowserCache } from '../../src/store/clearBrowserCache';
import { createCachedLoader } from '../../src/store/createCachedLoader';
import { toAppConfig } from '../../src/store/useAppConfig';
import { signIn, superAdmin } from '../helpers/session';

describe('toAppConfig', () => {
  it('reads appName and businessName, ignoring blanks', () => {
    expect(
      toAppConfig([
        { key: 'appName', value: ' 商城后台 ' },
        { key: 'businessName', value: '' },
        { key: 'other', value: 'x' },
      ]),
    ).toEqual({ appName: '商城后台', values: { appName: '商城后台', other: 'x' } });
  });

  it('falls back to crudboard', () => {
    expect(toAppConfig(null).appName).toBe('crudboard');
    expect(toAppConfig([{ key: 'businessName', value: '订单' }]).businessName).toBe('订单');
  });
});

describe('createCachedLoader', () => {
  it('loads once and falls back on failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('second');
    const loader = createCachedLoader(load, 'fallback');
    await loader.ensure();
    await loader.ensure();
    expect(load).toHaveBeenCalledTimes(1);
    loader.reset();
    await loader.ensure();
    expect(load).toHaveBeenCalledTimes(2);
    loader.reset();
    loader.prime('primed');
    await loader.ensure();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('clearBrowserCache', () => {
  it('forgets cached settings but keeps the session', () => {
    signIn(superAdmin);
    localStorage.setItem('locale', 'en-US');
    localStorage.setItem('themeMode', 'dark');
    localStorage.setItem('dataSource', 'pg');
    sessionStorage.setItem('draft', '1');
    clearBrowserCache();
    expect(Object.keys(localStorage).sort()).toEqual(['permission', 'token', 'userInfo']);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('toTableResources (refine-v5-notes §4)', () => {
  it('makes one resource per table with a literal table segment under :dataSource', () => {
    const table: Table = { id: 1, name: 'product', caption: '产品', columns: [] };
    expect(toTableResources([table], 'pg')).toEqual([
      {
        name: 'product',
        identifier: 'product',
        list: '/dataSource/:dataSource/business/product',
        create: '/dataSource/:dataSource/business/product/new',
        edit: '/dataSource/:dataSource/business/product/:id',
        meta: {
          kind: 'business',
          label: '产品',
          tableName: 'product',
          dataSource: 'pg',
          systemable: false,
          readOnly: false,
          canDelete: true,
          table,
        },
      },
    ]);
  });

  it('labels a resource with the caption of the UI language', () => {
    const table: Table = { name: 'user', caption: '用户', captions: { 'en-US': 'Users' }, columns: [] };
    expect(toTableResources([table], 'pg', 'en-US')[0]?.meta?.label).toBe('Users');
    expect(toTableResources([table], 'pg', 'zh-CN')[0]?.meta?.label).toBe('用户');
  });
});
