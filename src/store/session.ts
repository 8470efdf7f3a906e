import { createKeyStorage, createSession, type Session } from '@crudboard/client';
import { APP_STORAGE_PREFIX } from './preferences';

/**
 * The stored session itself (`createSession`: user info, permission codes, the signed-in marker)
 * is the client's: packages/client/src/session.ts. What is here is the crudboard app's own.
 */
export {
  SESSION_KEYS,
  toPermission,
  toUserInfo,
  type PermissionInfo,
  type Session,
  type UserInfo,
} from '@crudboard/client';

/** The crudboard app's own session (unprefixed keys): the one its client keeps too. */
export const appSession: Session = createSession(createKeyStorage(APP_STORAGE_PREFIX));

export const { getToken, getUserInfo, getPermission, saveUserInfo, saveLogin, clearSession, getUserAccess } =
  appSession;
