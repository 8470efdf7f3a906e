import { checkFields } from './field-checks';
import type { SystemTableRules } from './system-table-rules';

const checkValue = (values: Record<string, unknown>, path: string) =>
  checkFields(values, path, (check) => check.json('value'));

/** The column extension-property table: `value` is JSON text. */
export const columnExtPropertyRules: SystemTableRules = {
  beforeCreate: ({ values, path }) => checkValue(values, path),
  beforeUpdate: ({ values, path }) => checkValue(values, path),
};
