import { assertGrants, assertHolds, codesOf } from './grant-checks';
import { changes, checkFields } from './field-checks';
import type { SystemTableRules } from './system-table-rules';

const checkColumns = (values: Record<string, unknown>, path: string) =>
  checkFields(values, path, (check) => check.json('columns'));

/**
 * The table-permission table (a role's column rules on a table): `columns` is JSON text; the
 * editor holds every code it grants, all of them when it moves to another role.
 */
export const tablePermissionRules: SystemTableRules = {
  beforeCreate: ({ write, values, path }) => {
    checkColumns(values, path);
    assertHolds(write, codesOf(values.permissions));
  },
  beforeUpdate: ({ write, current, values, path }) => {
    checkColumns(values, path);
    assertGrants(write, current.permissions, values.permissions);
    if (changes(current, values, 'roleId'))
      assertHolds(write, codesOf(values.permissions ?? current.permissions));
  },
};
