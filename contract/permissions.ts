/** Permission codes of docs/api.md §6. `*` is allowed in any segment. */
export const BUSINESS_ACTIONS = ['read', 'create', 'update', 'delete', 'import', 'export'] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];

export type PermissionCode =
  | `business:${string}:${BusinessAction | '*'}`
  | 'metadata:read'
  | 'metadata:write'
  | 'metadata:*'
  | 'sql:execute'
  | 'file:upload'
  | 'audit:read'
  | 'webhook:manage'
  | 'schedule:manage'
  | 'flow:manage'
  | '*';

/** Manage webhooks: the webhook table, and reading (and replaying) its deliveries. */
export const WEBHOOK_MANAGE = 'webhook:manage';

/** Manage schedules: the schedule table, and reading its runs. */
export const SCHEDULE_MANAGE = 'schedule:manage';

/**
 * Codes that stand for others: a role granted one holds those too (the session's authorities
 * list both), so every check, on the server and in the web app, sees the codes it asks for.
 */
export const IMPLIED_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  [WEBHOOK_MANAGE]: [
    'business:webhook:*',
    'business:webhookDelivery:read',
    'business:webhookDelivery:export',
  ],
  [SCHEDULE_MANAGE]: ['business:schedule:*', 'business:scheduleRun:read', 'business:scheduleRun:export'],
  'flow:manage': ['business:flow:*', 'business:flowRun:read', 'business:flowRun:export'],
};

/**
 * How a business permission names a table: `<table>` for a table of the `primary` data source,
 * `<dataSource>.<table>` for a table of any other (names of tables and data sources hold no dot).
 */
export const permissionTableName = (table: string, dataSource = 'primary'): string =>
  dataSource === 'primary' ? table : `${dataSource}.${table}`;

/** `business:<table>:<action>`, the table named as permissionTableName names it. */
export const businessPermission = (
  table: string,
  action: BusinessAction,
  dataSource = 'primary',
): PermissionCode => `business:${permissionTableName(table, dataSource)}:${action}`;

/**
 * A business permission code of a request to `dataSource`, whose table a caller named as on its
 * own data source (`business:product:read`): the code names it as permissionTableName does
 * (`business:store.product:read` on `store`). Other codes, `*` and names already qualified stay.
 */
export const qualifyBusinessPermission = (code: string, dataSource = 'primary'): string => {
  const [kind, table, action, ...rest] = code.split(':');
  if (kind !== 'business' || table === undefined || action === undefined || rest.length > 0) return code;
  if (table === '*' || table.includes('.')) return code;
  return `business:${permissionTableName(table, dataSource)}:${action}`;
};

/**
 * `POST /api/metadata/tables/{id}/row-rule-preview`: how many of a table's records a `read` row
 * rule lets one user see (`matched`), of how many there are (`total`); `limited` is false when the
 * rules hold no read rule (every record is seen).
 */
export interface RowRulePreview {
  matched: number;
  total: number;
  limited: boolean;
}

/** The body of a row-rule preview: the rules (saved or not) and the user whose variables fill them. */
export interface RowRulePreviewBody {
  rowRules: string | null;
  userId: number;
}

/** The actions a table permission's row rules limit (`tablePermission.rowRules`). */
export const ROW_RULE_KEYS = ['read', 'update', 'delete', 'create'] as const;
export type RowRuleKey = (typeof ROW_RULE_KEYS)[number];

/**
 * The request header that reads a table's records as another user sees them ("view as", by user
 * id): for GET only, for callers who may set table permissions and see the table whole; audited.
 */
export const VIEW_AS_HEADER = 'x-crudboard-view-as';

/**
 * A permission code an extension declares (`ext:<extension>:<verb>`), with its label in both
 * languages: the role editor offers it. `GET /api/permissions/extensions` lists the server
 * extensions' codes.
 */
export interface ExtensionPermissionCode {
  code: string;
  label: { 'zh-CN': string; 'en-US': string };
}
