export interface Authority {
  authority: string;
}

export interface RoleInfo {
  id: number;
  name: string;
  code: string;
}

export interface Principal {
  id: number;
  username: string;
  realname: string | null;
  avatar: string | null;
  roles: RoleInfo[];
  authorities: Authority[];
}

/** `POST /api/auth/login` response. */
export interface LoginResponse {
  name: string;
  authorities: Authority[];
  principal: Principal;
}

export const MENU_CODES = ['business', 'systemBusiness', 'metadata', 'system'] as const;
export type MenuCode = (typeof MENU_CODES)[number];

/** `GET /api/users/me/menu` item. */
export interface MenuItem {
  id: number;
  name: string;
  code: MenuCode;
}

export const SUPER_ADMIN_ROLE = 'ROLE_SUPER_ADMIN';
