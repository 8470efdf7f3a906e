import { describe, expect, it } from 'vitest';
import type { Revision } from '../../../contract';
import { filterRevisions, historyFacets, restorePlan } from '../../../src/business/lib/history-restore';

const revision = (
  id: number,
  action: Revision['action'],
  changes: Revision['changes'],
  user = '超级管理员',
): Revision => ({
  id,
  action,
  time: id * 1000,
  user: { id: 1, name: user },
  channel: 'web',
  requestId: null,
  changes,
});

// newest first, as the history lists them
const history: Revision[] = [
  revision(4, 'update', [{ column: 'remark', old: 'b', new: 'c' }], '王五'),
  revision(3, 'update', [
    { column: 'borrower', old: '李四', new: '赵六' },
    { column: 'password', secret: true },
  ]),
  revision(2, 'update', [
    { column: 'borrower', old: '张三', new: '李四' },
    { column: 'remark', old: 'a', new: 'b' },
  ]),
  revision(1, 'create', [
    { column: 'borrower', new: '张三' },
    { column: 'remark', new: 'a' },
    { column: 'bookId', new: 7 },
  ]),
];
const now = { borrower: '赵六', remark: 'c', bookId: 7, password: undefined };
const editable = ['bookId', 'borrower', 'remark', 'password'];

describe('restore plan', () => {
  it('sets back each column a later revision changed, to its value right after the revision', () => {
    expect(restorePlan(history, 1, now, editable)).toEqual([
      { column: 'borrower', current: '赵六', restored: '张三' },
      { column: 'remark', current: 'c', restored: 'a' },
    ]);
    expect(restorePlan(history, 3, now, editable)).toEqual([
      { column: 'remark', current: 'c', restored: 'b' },
    ]);
  });

  it('is empty for the newest revision, a hard delete and an unknown one', () => {
    expect(restorePlan(history, 4, now, editable)).toEqual([]);
    expect(
      restorePlan([revision(9, 'delete', [{ column: 'remark', old: 'z' }]), ...history], 9, now, editable),
    ).toEqual([]);
    expect(restorePlan(history, 99, now, editable)).toEqual([]);
  });

  it('leaves out columns the user may not change, unchanged values and password changes', () => {
    expect(restorePlan(history, 1, now, ['remark'])).toEqual([
      { column: 'remark', current: 'c', restored: 'a' },
    ]);
    // the record already holds the value (changed back by hand since)
    expect(restorePlan(history, 1, { ...now, borrower: '张三' }, editable)).toEqual([
      { column: 'remark', current: 'c', restored: 'a' },
    ]);
  });
});

describe('history filters', () => {
  it('offers the users and columns the revisions hold, and filters by both', () => {
    expect(historyFacets(history)).toEqual({
      users: ['王五', '超级管理员'],
      columns: ['remark', 'borrower', 'password', 'bookId'],
    });
    expect(filterRevisions(history, undefined, 'borrower').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(filterRevisions(history, '王五', undefined).map((r) => r.id)).toEqual([4]);
    expect(filterRevisions(history, '超级管理员', 'remark').map((r) => r.id)).toEqual([2, 1]);
    expect(filterRevisions(history, undefined, undefined)).toHaveLength(4);
  });
});
