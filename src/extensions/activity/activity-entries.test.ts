import { describe, expect, it } from 'vitest';
import { recordPath, type ActivityEntry } from './activity-entries';

const entry = (action: ActivityEntry['action']): ActivityEntry => ({
  id: 1,
  tableName: 'order line',
  recordKey: 'a/b',
  action,
  channel: 'web',
  userId: 1,
  username: '超级管理员',
  createdAt: 0,
});

describe('recordPath', () => {
  it('links a record that is there, with its table and key escaped', () => {
    for (const action of ['create', 'update', 'restore'] as const) {
      expect(recordPath('branch 1', entry(action))).toBe(
        '/dataSource/branch%201/business/order%20line/a%2Fb',
      );
    }
  });

  it('links no record that was deleted or moved to the recycle bin', () => {
    expect(recordPath('primary', entry('delete'))).toBeUndefined();
    expect(recordPath('primary', entry('softDelete'))).toBeUndefined();
  });
});
