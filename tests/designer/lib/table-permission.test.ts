import { describe, expect, it } from 'vitest';
import type { Column } from '../../../contract';
import {
  emptyPermission,
  grantState,
  permissionColumns,
  samePermission,
  toPermissionDraft,
  toPermissionPayload,
  withAllGrants,
  withGrant,
} from '../../../src/designer/lib/table-permission';

const column = (id: number | undefined, name: string, extra: Partial<Column> = {}): Column =>
  ({ id, name, caption: name, dataType: 'VARCHAR', ...extra }) as Column;

const columns: Column[] = [
  column(1, 'id', { dataType: 'BIGINT', indexType: 'PRIMARY' }),
  column(2, 'name'),
  column(3, 'price', { dataType: 'DECIMAL' }),
  column(4, 'fullTextBody', { dataType: 'TEXT', indexType: 'FULLTEXT' }),
  column(undefined, 'draft'),
];

describe('permissionColumns', () => {
  it('leaves out the full-text body and columns without an id', () => {
    expect(permissionColumns(columns).map((c) => c.name)).toEqual(['id', 'name', 'price']);
  });
});

describe('toPermissionDraft', () => {
  it('starts from full column access and no actions when nothing is stored', () => {
    const draft = toPermissionDraft(null, 'product', columns);
    expect(draft).toEqual(emptyPermission(columns));
    expect(draft.id).toBeUndefined();
    expect(Object.values(draft.actions).every((on) => !on)).toBe(true);
    expect(draft.columns).toEqual({
      1: { read: true, update: true },
      2: { read: true, update: true },
      3: { read: true, update: true },
    });
  });

  it('reads the actions of this table and the column grants of the record', () => {
    const draft = toPermissionDraft(
      {
        id: '9',
        permissions: 'business:product:read, business:product:export,business:order:delete,metadata:read',
        columns: JSON.stringify([
          { columnId: 3, read: false, update: true },
          { columnId: '2', read: true, update: false },
          { columnId: 99, read: false },
          'junk',
        ]),
      },
      'product',
      columns,
    );
    expect(draft.id).toBe(9);
    expect(draft.actions).toEqual({
      read: true,
      create: false,
      update: false,
      delete: false,
      import: false,
      export: true,
    });
    expect(draft.columns).toEqual({
      1: { read: true, update: true },
      2: { read: true, update: false },
      // no update without read
      3: { read: false, update: false },
    });
  });

  it('survives malformed column text', () => {
    const draft = toPermissionDraft({ id: 1, permissions: null, columns: 'oops' }, 'product', columns);
    expect(draft.columns[2]).toEqual({ read: true, update: true });
  });
});

describe('toPermissionPayload', () => {
  it('writes the ticked actions as codes and every column in table order', () => {
    let draft = emptyPermission(columns);
    draft = { ...draft, actions: { ...draft.actions, read: true, update: true } };
    draft = withGrant(draft, 3, 'read', false);
    expect(toPermissionPayload(draft, 'product', columns)).toEqual({
      permissions: 'business:product:read,business:product:update',
      columns: JSON.stringify([
        { columnId: 1, read: true, update: true },
        { columnId: 2, read: true, update: true },
        { columnId: 3, read: false, update: false },
      ]),
      rowRules: null,
    });
  });

  it('saves the row rules it read as they were, even those the editor cannot show as conditions', () => {
    const own = { columnName: 'ownerId', operatorType: 'EQ', values: ['$user.id'] };
    const nested = {
      conditionType: 'OR',
      conditions: [own, { conditionType: 'AND', conditions: [own] }],
    };
    const rowRules = JSON.stringify({ read: own, update: nested, delete: {} });
    const stored = { id: 9, permissions: 'business:product:read', columns: '[]', rowRules };
    const draft = toPermissionDraft(stored, 'product', columns);
    expect(draft.rowRules.read).toEqual({ kind: 'conditions', match: 'AND', conditions: [own] });
    expect(draft.rowRules.update?.kind).toBe('json');
    const payload = toPermissionPayload(draft, 'product', columns);
    expect(JSON.parse(payload.rowRules ?? 'null')).toEqual(JSON.parse(rowRules));
  });
});

describe('withGrant / withAllGrants / grantState', () => {
  const ids = [1, 2, 3];

  it('keeps update within read', () => {
    let draft = emptyPermission(columns);
    draft = withGrant(draft, 2, 'read', false);
    expect(draft.columns[2]).toEqual({ read: false, update: false });
    draft = withGrant(draft, 2, 'update', true);
    expect(draft.columns[2]).toEqual({ read: true, update: true });
    draft = withGrant(draft, 2, 'update', false);
    expect(draft.columns[2]).toEqual({ read: true, update: false });
  });

  it('sets a whole grid column, never unticking read of a locked key', () => {
    const none = withAllGrants(emptyPermission(columns), ids, 'read', false, new Set([1]));
    expect(none.columns).toEqual({
      1: { read: true, update: true },
      2: { read: false, update: false },
      3: { read: false, update: false },
    });
    expect(grantState(none, ids, 'read')).toEqual({ checked: false, indeterminate: true });
    const all = withAllGrants(none, ids, 'update', true);
    expect(grantState(all, ids, 'read')).toEqual({ checked: true, indeterminate: false });
    expect(grantState(all, ids, 'update')).toEqual({ checked: true, indeterminate: false });
    const noUpdate = withAllGrants(all, ids, 'update', false);
    expect(grantState(noUpdate, ids, 'update')).toEqual({ checked: false, indeterminate: false });
    expect(grantState(noUpdate, [], 'update')).toEqual({ checked: false, indeterminate: false });
  });

  it('compares drafts by what they save', () => {
    const a = emptyPermission(columns);
    expect(samePermission(a, { ...a, id: 5 }, 'product', columns)).toBe(true);
    expect(samePermission(a, withGrant(a, 2, 'update', false), 'product', columns)).toBe(false);
    expect(samePermission(a, { ...a, actions: { ...a.actions, delete: true } }, 'product', columns)).toBe(
      false,
    );
  });
});
