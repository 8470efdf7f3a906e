import { describe, expect, it } from 'vitest';
import { GRANT_CASES } from '../../../contract/grant-cases';
import {
  businessCodeRows,
  joinCodes,
  mayGrant,
  notHeldCodes,
  otherCodes,
  parseCodes,
  withCode,
} from '../../../src/auth/lib/permission-codes';
import { fieldKindOf } from '../../../src/business/lib/field-kinds';
import { formFields } from '../../../src/business/lib/form-fields';

describe('parseCodes / joinCodes / withCode', () => {
  it('reads comma-separated codes without blanks or repeats', () => {
    expect(parseCodes(' metadata:read,, sql:execute ,metadata:read')).toEqual([
      'metadata:read',
      'sql:execute',
    ]);
    expect(parseCodes(null)).toEqual([]);
    expect(parseCodes(5)).toEqual([]);
  });

  it('ticks and unticks a code', () => {
    const codes = ['a:b', 'c:d'];
    expect(withCode(codes, 'e:f', true)).toEqual(['a:b', 'c:d', 'e:f']);
    expect(withCode(codes, 'a:b', true)).toEqual(['c:d', 'a:b']);
    expect(withCode(codes, 'a:b', false)).toEqual(['c:d']);
    expect(joinCodes(withCode([], 'x:y', true))).toBe('x:y');
  });
});

describe('businessCodeRows / otherCodes', () => {
  it('puts every table first, then the business tables, then the system tables, each once', () => {
    const rows = businessCodeRows([
      { name: 'config', caption: '配置', systemable: true },
      { name: 'product', caption: '产品' },
      { name: 'order', caption: null },
      { name: 'product', caption: '产品' },
    ]);
    expect(rows.map((row) => row.table)).toEqual(['*', 'order', 'product', 'config']);
    expect(rows[2]?.caption).toBe('产品');
    expect(rows[1]?.codes).toEqual({
      read: 'business:order:read',
      create: 'business:order:create',
      update: 'business:order:update',
      delete: 'business:order:delete',
      import: 'business:order:import',
      export: 'business:order:export',
      '*': 'business:order:*',
    });
  });

  it('lists the codes no checkbox shows', () => {
    const rows = businessCodeRows([{ name: 'product' }]);
    expect(
      otherCodes(
        [
          'metadata:read',
          'business:*:read',
          'business:product:*',
          'business:gone:read',
          'file:*',
          'sql:execute',
        ],
        rows,
      ),
    ).toEqual(['business:gone:read', 'file:*']);
  });
});

describe('notHeldCodes (the shared grant cases)', () => {
  it.each(GRANT_CASES)('$name', ({ authorities, previous, next, notHeld }) => {
    const access = { isSuperAdmin: false, authorities };
    expect(notHeldCodes(access, previous, next)).toEqual(notHeld);
    // the editors disable exactly the added codes mayGrant refuses
    const before = parseCodes(previous);
    expect(parseCodes(next).filter((code) => !before.includes(code) && !mayGrant(access, code))).toEqual(
      notHeld,
    );
  });
});

describe('mayGrant', () => {
  const clerk = { isSuperAdmin: false, authorities: ['ROLE_CLERK', 'business:*:read', 'business:order:*'] };

  it('lets the super admin grant anything', () => {
    expect(mayGrant({ isSuperAdmin: true, authorities: [] }, 'sql:execute')).toBe(true);
    expect(mayGrant({ isSuperAdmin: false, authorities: ['ROLE_SUPER_ADMIN'] }, 'metadata:write')).toBe(true);
  });

  it('lets others grant only what their codes cover, segment by segment', () => {
    expect(mayGrant(clerk, 'business:product:read')).toBe(true);
    expect(mayGrant(clerk, 'business:*:read')).toBe(true);
    expect(mayGrant(clerk, 'business:order:delete')).toBe(true);
    expect(mayGrant(clerk, 'business:product:update')).toBe(false);
    expect(mayGrant(clerk, 'business:*:*')).toBe(false);
    expect(mayGrant(clerk, 'metadata:read')).toBe(false);
    expect(mayGrant(clerk, 'business:order')).toBe(false);
    expect(mayGrant({ isSuperAdmin: false, authorities: ['business:*'] }, 'business:*:*')).toBe(true);
    expect(mayGrant({ isSuperAdmin: false, authorities: ['business:a:read'] }, 'business:*:read')).toBe(
      false,
    );
    expect(mayGrant({ isSuperAdmin: false, authorities: ['*'] }, 'ROLE_SUPER_ADMIN')).toBe(false);
    expect(mayGrant({ isSuperAdmin: false, authorities: ['*'] }, 'sql:execute')).toBe(true);
  });
});

describe('fieldKindOf', () => {
  it('edits the permissions of the role system table as codes', () => {
    expect(fieldKindOf({ name: 'role', systemable: true }, { name: 'permissions' })).toBe('permissionCodes');
    // a table permission's codes belong to its own page (and sub-table cells stay small)
    expect(
      fieldKindOf({ name: 'tablePermission', systemable: true }, { name: 'permissions' }),
    ).toBeUndefined();
    expect(fieldKindOf({ name: 'role', systemable: true }, { name: 'name' })).toBeUndefined();
    // a user table that happens to be called role is edited as it is
    expect(fieldKindOf({ name: 'role', systemable: false }, { name: 'permissions' })).toBeUndefined();
  });

  it('is carried by the form fields of the role table', () => {
    const role = {
      name: 'role',
      systemable: true,
      primaryNames: ['id'],
      columns: [
        { id: 1, name: 'id', dataType: 'BIGINT' as const, indexType: 'PRIMARY' as const },
        { id: 2, name: 'code', dataType: 'VARCHAR' as const },
        { id: 3, name: 'permissions', dataType: 'TEXT' as const },
      ],
    };
    for (const mode of ['create', 'update'] as const) {
      const kinds = formFields(role, mode).map((field) => [field.column.name, field.kind]);
      expect(kinds).toContainEqual(['permissions', 'permissionCodes']);
      expect(kinds).toContainEqual(['code', undefined]);
    }
  });
});
