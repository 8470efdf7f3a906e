import { hasAnyPermission } from './permission-match';
import { businessPermission } from './permissions';

/**
 * How much of a table's metadata a user may read (docs/permissions.md): `full` with
 * `metadata:read` (or as the super admin), `reader` with the business read permission on the
 * table (named as on its data source), which gives what the table's screens need trimmed to the
 * columns the user may read, and `none` otherwise.
 */
export type TableMetadataAccess = 'full' | 'reader' | 'none';

/** The codes any one of which lets a user read a table's metadata (full or trimmed). */
export const tableMetadataReadPermissions = (table: string, dataSource = 'primary'): string[] => [
  'metadata:read',
  businessPermission(table, 'read', dataSource),
];

/** The one rule for reading a table's metadata, used by the server and the web app alike. */
export const tableMetadataAccess = (
  authorities: readonly string[],
  table: string,
  dataSource = 'primary',
): TableMetadataAccess => {
  if (hasAnyPermission(authorities, ['metadata:read'])) return 'full';
  return hasAnyPermission(authorities, [businessPermission(table, 'read', dataSource)]) ? 'reader' : 'none';
};
