import { Type } from 'typebox';
import { MENU_CODES } from '../../../contract/index';
import { Nullable } from './common';

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  /** A directory (LDAP provider) id to sign in through; absent or empty: a local account. */
  provider: Type.Optional(Type.String({ maxLength: 64 })),
});

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const AuthoritySchema = Type.Object({ authority: Type.String() });

export const PrincipalSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() })),
  authorities: Type.Array(AuthoritySchema),
});

export const LoginResponseSchema = Type.Object({
  name: Type.String(),
  authorities: Type.Array(AuthoritySchema),
  principal: PrincipalSchema,
});

export const MenuItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.Enum(MENU_CODES),
});
