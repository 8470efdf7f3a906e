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

let signedIn: Principal | undefined;

/** Signs a principal in as far as the web app can tell (localStorage). */
export const signIn = (principal: Principal) => {
  signedIn = principal;
  return saveLogin({ name: principal.username, authorities: principal.authorities, principal });
};

/** What `GET /api/users/me` answers for the principal signed in last (the session refresh asks it). */
export const signedInPrincipal = (): Principal => {
  if (!signedIn) throw new Error('nobody is signed in');
  return signedIn;
};
