import type { Principal } from '../../contract';
import { saveLogin } from '../../src/store/session';

export const superAdmin: Principal = {
  id: 1,
  username: 'superadmin',
  realname: '超级管理员',
  avatar: null,
  roles: [{ id: 1, name: '超级管理员', code: 'ROLE_SUPER_ADMIN' }],
  authorities: [{ authority: 'ROLE_SUPER_ADMIN' }],
};

export const clerk: Principal = {
  id: 2,
  username: 'clerk',
  realname: '张三',
  avatar: null,
  roles: [{ id: 20, name: '业务员', code: 'ROLE_BUSINESS' }],
  authorities: [{ authority: 'ROLE_BUSINESS' }, { authority: 'business:*:read' }],
};

/** Signs a principal in as far as the web app can tell (localStorage). */
export const signIn = (principal: Principal) =>
  saveLogin({ name: principal.username, authorities: principal.authorities, principal });
