import type { MenuItem } from '../../../contract/index';
import { permissionsOverlap } from '../../../contract/permission-match';
import { AUDIT_READ } from '../../../contract/audit';
import { FLOW_MANAGE } from '../../../contract/flows';
import { SCHEDULE_MANAGE, WEBHOOK_MANAGE } from '../../../contract/permissions';
import { hasPermission, isSuperAdmin } from './permission';

/** Codes whose holders see an area: any business read code, any metadata code. */
const AREA_CODES = { business: 'business:*:read', metadata: 'metadata:*' } as const;

const grantsArea = (authority: string, area: keyof typeof AREA_CODES): boolean =>
  permissionsOverlap(authority, AREA_CODES[area]);

/**
 * The menus a user sees: everything for the super admin; otherwise `business` and
 * `systemBusiness` with any business read code, `metadata` with any metadata code, and `system`
 * with `audit:read`, `webhook:manage`, `schedule:manage` or `flow:manage` (where the audit log, the
 * webhooks, the schedules and the flows are; its other screens stay the super admin's).
 * (Role-specific menus come later.)
 */
export const menuFor = (authorities: readonly string[], menus: readonly MenuItem[]): MenuItem[] => {
  if (isSuperAdmin(authorities)) return [...menus];
  const business = authorities.some((a) => grantsArea(a, 'business'));
  const metadata = authorities.some((a) => grantsArea(a, 'metadata'));
  const system = [AUDIT_READ, WEBHOOK_MANAGE, SCHEDULE_MANAGE, FLOW_MANAGE].some((code) =>
    hasPermission(authorities, code),
  );
  return menus.filter(
    (menu) =>
      ((menu.code === 'business' || menu.code === 'systemBusiness') && business) ||
      (menu.code === 'metadata' && metadata) ||
      (menu.code === 'system' && system),
  );
};
