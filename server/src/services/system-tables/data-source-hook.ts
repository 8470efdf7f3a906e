import type { WriteHook } from '../../extensions/write-hooks';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { invalidFields } from './rule-errors';
import type { SystemTableName } from './system-table-rules';

/** crudboard's own tables whose records are about a table of some data source. */
export const PER_DATA_SOURCE_TABLES: readonly SystemTableName[] = [
  'tableFormBuilder',
  'columnExtProperty',
  'tablePermission',
  'sqlQuery',
];

const check = (values: Record<string, unknown>, path: string, names: readonly string[]): void => {
  if (!Object.hasOwn(values, 'dataSource')) return;
  const name = values.dataSource;
  if (typeof name === 'string' && names.includes(name)) return;
  throw invalidFields(path, {
    dataSource: systemTableMessage('unknownDataSource', {
      name: String(name).slice(0, 64),
      names: names.join(', '),
    }),
  });
};

/**
 * The records of form layouts, column properties, table permissions and saved SQL live in
 * primary and name the data source they are about: it must be one this server has configured
 * (400 otherwise, nothing written).
 */
export const dataSourceHook = (names: readonly string[]): WriteHook => ({
  name: 'core',
  tables: PER_DATA_SOURCE_TABLES,
  systemOnly: true,
  beforeCreate: ({ values, path }) => check(values, path, names),
  beforeUpdate: ({ values, path }) => check(values, path, names),
});
