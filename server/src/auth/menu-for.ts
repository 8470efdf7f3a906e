import type { MenuItem } from '../../../contract/index';
import { isSuperAdmin } from './permission';

const grantsArea = (authority: string, area: 'business' | 'metadata'): boolean => {
  if (authority === '*') return true;
  const [head, ...rest] = authority.split(':');
  if (head !== area && head !== '*') return false;
  if (area === 'metadata') return rest.length === 1;
  return rest.length === 2 && (rest[1] === 'read' || rest[1] === '*');
};

/**
 * The menus a user sees: everything for the super admin; otherwise `business` and
 * `systemBusiness` with any business read code, `metadata` with any metadata code, and never
 * `system`. (Role-specific menus come later.)
 */
export const menuFor = (authorities: readonly string[], menus: readonly MenuItem[]): MenuItem[] => {
  if (isSuperAdmin(authorities)) return [...menus];
  const business = authorities.some((a) => grantsArea(a, 'business'));
  const metadata = authorities.some((a) => grantsArea(a, 'metadata'));
  return menus.filter(
    (menu) =>
      ((menu.code === 'business' || menu.code === 'systemBusiness') && business) ||
      (menu.code === 'metadata' && metadata),
  );
};
