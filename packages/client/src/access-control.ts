import type { AccessControlProvider } from '@refinedev/core';
import {
  AUDIT_READ,
  FLOW_MANAGE,
  qualifyBusinessPermission,
  SCHEDULE_MANAGE,
  WEBHOOK_MANAGE,
} from '../../../contract';
import { hasAnyPermission, type UserAccess } from './lib/permission';
import { defaultSession } from './session';
import { refusalMessage } from './lib/refusal-message';

/** Refine action → the `business:<table>:<action>` verb of docs/api.md §6. */
const BUSINESS_ACTIONS: Record<string, string> = {
  list: 'read',
  show: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
  import: 'import',
  export: 'export',
};

const READ_ACTIONS = new Set(['list', 'show']);

interface ResourceLike {
  name?: string;
  meta?: Record<string, unknown>;
}

/** The permission codes that allow `action` on a resource (any one of them suffices). */
export const requiredPermissions = (
  resource: ResourceLike | undefined,
  name: string,
  action: string,
): string[] => {
  const kind = resource?.meta?.kind;
  if (kind === 'metadata') return [READ_ACTIONS.has(action) ? 'metadata:read' : 'metadata:write'];
  if (kind === 'sql') return ['sql:execute'];
  if (kind === 'audit') return [AUDIT_READ];
  // managing webhooks (the menu entry, sending deliveries again) needs the code itself: reading
  // their tables, which `business:*:read` also allows, is not enough
  if (kind === 'webhook') return [WEBHOOK_MANAGE];
  // likewise managing schedules (the menu entry) needs `schedule:manage` itself
  if (kind === 'schedule') return [SCHEDULE_MANAGE];
  // and managing flows (the menu entry) `flow:manage`: running a table's button flows needs only
  // reading the table, which the server checks
  if (kind === 'flow') return [FLOW_MANAGE];
  const table = typeof resource?.meta?.tableName === 'string' ? resource.meta.tableName : name;
  // A table of another data source (`meta.dataSource`) is named `<dataSource>.<table>`.
  const dataSource = typeof resource?.meta?.dataSource === 'string' ? resource.meta.dataSource : undefined;
  return [qualifyBusinessPermission(`business:${table}:${BUSINESS_ACTIONS[action] ?? action}`, dataSource)];
};

/**
 * ROLE_SUPER_ADMIN passes; others need an authority covering the code (docs/contract.md). `getAccess`
 * gives the signed-in user's rights (the session under unprefixed keys unless another is given).
 */
export const createAccessControlProvider = (
  getAccess: () => UserAccess = defaultSession.getUserAccess,
  getLanguage: () => string | undefined = () => undefined,
): AccessControlProvider => ({
  can: async ({ resource, action, params }) => {
    const refused = () => ({ can: false, reason: refusalMessage(403, getLanguage()) });
    if (!resource) return { can: true };
    const item = params?.resource as ResourceLike | undefined;
    if (item?.meta?.kind === 'page') return { can: true };
    if (item?.meta?.kind === 'extension') {
      // an extension resource names the one code it needs (none: every signed-in user)
      const code = item.meta.permission;
      if (typeof code !== 'string') return { can: true };
      return hasAnyPermission(getAccess(), [code]) ? { can: true } : refused();
    }
    const allowed = hasAnyPermission(getAccess(), requiredPermissions(item, resource, action));
    return allowed ? { can: true } : refused();
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
});
