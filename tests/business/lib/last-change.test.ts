import { describe, expect, it } from 'vitest';
import type { LatestChange } from '../../../contract';
import { lastChangeText } from '../../../src/business/lib/last-change';
import { i18n, loadLocale } from '../../../src/providers/i18n-provider';

const change = (extra: Partial<LatestChange> = {}): LatestChange => ({
  key: '7',
  revisionId: 1,
  action: 'update',
  time: new Date(2026, 10, 28, 10, 5, 9).getTime(),
  user: { id: 3, name: '王五' },
  channel: 'web',
  ...extra,
});

describe('lastChangeText', () => {
  it('says who changed a record, how and when, in Chinese and English', async () => {
    const zh = i18n.getFixedT('zh-CN');
    expect(lastChangeText(change(), zh, '系统')).toBe('王五 修改于 2026-11-28 10:05:09');
    expect(lastChangeText(change({ action: 'softDelete' }), zh, '系统')).toBe(
      '王五 移入回收站于 2026-11-28 10:05:09',
    );
    await loadLocale('en-US');
    const en = i18n.getFixedT('en-US');
    expect(lastChangeText(change({ action: 'create' }), en, 'the system')).toBe(
      'Created by 王五 at 2026-11-28 10:05:09',
    );
  });

  it('names a user by id when the name is unknown, and the system when there is no user', () => {
    const zh = i18n.getFixedT('zh-CN');
    expect(lastChangeText(change({ user: { id: 8, name: null } }), zh, '系统')).toBe(
      '#8 修改于 2026-11-28 10:05:09',
    );
    expect(lastChangeText(change({ user: { id: null, name: null } }), zh, '系统')).toBe(
      '系统 修改于 2026-11-28 10:05:09',
    );
  });
});
