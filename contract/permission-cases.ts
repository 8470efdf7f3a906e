/**
 * The permission-matching cases both halves test against their own call paths (data only):
 * `granted` is one authority a user holds, `required` the code a check asks for.
 */
export interface PermissionCase {
  granted: string;
  required: string;
  covers: boolean;
}

const row = (granted: string, required: string, covers: boolean): PermissionCase => ({
  granted,
  required,
  covers,
});

export const PERMISSION_CASES: readonly PermissionCase[] = [
  row('business:orders:read', 'business:orders:read', true),
  row('business:orders:read', 'business:orders:update', false),
  row('business:orders:read', 'business:items:read', false),
  row('business:*:read', 'business:orders:read', true),
  row('business:*:read', 'business:orders:delete', false),
  row('business:orders:*', 'business:orders:export', true),
  row('business:orders:*', 'business:items:read', false),
  row('business:*', 'business:orders:read', true),
  row('business:*', 'business:orders:create', true),
  row('business:*', 'business:orders:delete', true),
  row('business:*', 'metadata:read', false),
  row('business:*:*', 'business:orders:read', true),
  row('*', 'business:orders:create', true),
  row('*', 'metadata:write', true),
  row('*', 'sql:execute', true),
  row('*', 'file:upload', true),
  row('*:*:read', 'business:orders:read', true),
  row('*:*:read', 'business:orders:update', false),
  row('metadata:*', 'metadata:read', true),
  row('metadata:*', 'metadata:write', true),
  row('metadata:*', 'sql:execute', false),
  row('metadata:read', 'metadata:write', false),
  row('metadata:read', 'metadata', false),
  row('metadata:*', 'metadata', false),
  row('business:orders', 'business:orders:read', false),
  row('sql:execute', 'sql:execute', true),
  row('sql:execute', 'sql:execute:extra', false),
  row('file:upload', 'file:upload', true),
  row('file:upload', 'sql:execute', false),
  row('ROLE_BUSINESS', 'ROLE_BUSINESS', true),
  row('ROLE_BUSINESS', 'business:orders:read', false),
  // A required wildcard is covered only by a granted code at least as broad.
  row('business:orders:read', 'business:*:read', false),
  row('business:*:read', 'business:*:read', true),
  row('business:*', 'business:*:read', true),
  row('*', 'business:*:read', true),
  row('business:*:read', 'business:*', false),
  row('business:orders:*', 'business:*:*', false),
  row('business:*:*', 'business:*', false),
  row('business:*', 'business:*:*', true),
  row('metadata:read', 'metadata:*', false),
  row('metadata:*', '*', false),
];
