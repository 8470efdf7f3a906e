import { checkFields } from './field-checks';
import type { SystemTableRules } from './system-table-rules';

const FORM_DEVICES = ['pc', 'pad', 'phone'];
const FORM_TYPES = ['create', 'update', 'list'];

const checkLayout = (values: Record<string, unknown>, path: string) =>
  checkFields(values, path, (check) => {
    check.oneOf('device', FORM_DEVICES);
    check.oneOf('type', FORM_TYPES);
    check.json('body');
  });

/** The form-layout table (`tableFormBuilder`): a known device and form type, a JSON body. */
export const formLayoutRules: SystemTableRules = {
  beforeCreate: ({ values, path }) => checkLayout(values, path),
  beforeUpdate: ({ values, path }) => checkLayout(values, path),
};
