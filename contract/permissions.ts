/** Permission codes of API.md §6. `*` is allowed in any segment. */
export const BUSINESS_ACTIONS = ['read', 'create', 'update', 'delete', 'import', 'export'] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];

export type PermissionCode =
  | `business:${string}:${BusinessAction | '*'}`
  | 'metadata:read'
  | 'metadata:write'
  | 'metadata:*'
  | 'sql:execute'
  | 'file:upload'
  | '*';

export const businessPermission = (table: string, action: BusinessAction): PermissionCode =>
  `business:${table}:${action}`;
