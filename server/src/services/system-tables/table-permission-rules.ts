import { checkRowRules } from './row-rules-check';
import { assertGrants, assertHolds, codesOf } from './grant-checks';
import { changes, checkFields } from './field-checks';
import type { SystemTableRules } from './system-table-rules';

const checkColumns = (values: Record<string, unknown>, path: string) =>
  checkFields(values, path, (check) => {
    check.json('columns');
    check.json('rowRules');
  });

/**
 * The table-permission table (a role's column and row rules on a table): `columns` is JSON text,
 * `rowRules` row rules that must fit the table (row-rules-check.ts); the
 * editor holds every code it grants, all of them when it moves to another role.
 */
export const tablePermissionRules: SystemTableRules = {
  beforeCreate: async ({ write, values, path }) => {
    checkColumns(values, path);
    await checkRowRules(write, values, path);
    assertHolds(write, codesOf(values.permissions));
  },
  beforeUpdate: async ({ write, current, values, path }) => {
    checkColumns(values, path);
    await checkRowRules(write, values, path, current);
    assertGrants(write, current.permissions, values.permissions);
    if (changes(current, values, 'roleId'))
      assertHolds(write, codesOf(values.permissions ?? current.permissions));
  },
};
