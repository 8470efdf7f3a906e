import { describe, expect, it } from 'vitest';
import { emptyHomeHint } from '../../src/home/empty-home-hint';

describe('emptyHomeHint', () => {
  it('sends primary to 元数据 / 表, with no step of its own', () => {
    expect(emptyHomeHint('primary', true)).toEqual({ hint: 'home.noTablesHint' });
  });

  it('offers 数据库逆向 first on another data source to who may change metadata', () => {
    expect(emptyHomeHint('legacy erp', true)).toEqual({
      hint: 'home.noTablesReverseHint',
      action: { to: '/dataSource/legacy%20erp/metadata/tables/reverse', label: 'screens.tableReverse' },
    });
  });

  it('tells who may not change metadata that their roles grant no table, on any data source', () => {
    expect(emptyHomeHint('erp', false)).toEqual({ hint: 'home.noGrantedTablesHint' });
    expect(emptyHomeHint('primary', false)).toEqual({ hint: 'home.noGrantedTablesHint' });
  });
});
