import { describe, expect, it } from 'vitest';
import { dataSourceCaption, namedUserName, userDisplayName } from '../../../src/common/lib/well-known-names';

describe('well-known names', () => {
  it('translates the seeded caption of the primary data source', () => {
    const primary = { name: 'primary', caption: '主数据源' };
    expect(dataSourceCaption(primary, 'en-US')).toBe('Primary data source');
    expect(dataSourceCaption(primary, 'zh-CN')).toBe('主数据源');
  });

  it('keeps a caption an administrator chose, and the seeded text on another data source', () => {
    expect(dataSourceCaption({ name: 'primary', caption: '总库' }, 'en-US')).toBe('总库');
    expect(dataSourceCaption({ name: 'pg', caption: '主数据源' }, 'en-US')).toBe('主数据源');
    expect(dataSourceCaption({ name: 'pg', caption: ' ' }, 'en-US')).toBe('pg');
    expect(dataSourceCaption({ name: 'pg' }, 'zh-CN')).toBe('pg');
  });

  it('translates the first administrator’s seeded name only', () => {
    const admin = { username: 'superadmin', realname: '超级管理员' };
    expect(userDisplayName(admin, 'en-US')).toBe('Super administrator');
    expect(userDisplayName(admin, 'zh-CN')).toBe('超级管理员');
    expect(userDisplayName({ username: 'superadmin', realname: '张三' }, 'en-US')).toBe('张三');
    expect(userDisplayName({ username: 'li', realname: '超级管理员' }, 'en-US')).toBe('超级管理员');
  });

  it('falls back to the username, and to nothing for no user', () => {
    expect(userDisplayName({ username: 'li', realname: '' }, 'en-US')).toBe('li');
    expect(userDisplayName({ username: 'li' }, 'zh-CN')).toBe('li');
    expect(userDisplayName(undefined, 'en-US')).toBe('');
  });
});

describe('namedUserName', () => {
  it('translates the seeded name of the first administrator a record names, and no other', () => {
    expect(namedUserName('超级管理员', 'en-US')).toBe('Super administrator');
    expect(namedUserName('超级管理员', 'zh-CN')).toBe('超级管理员');
    expect(namedUserName('文员小王', 'en-US')).toBe('文员小王');
  });
});
