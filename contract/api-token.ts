/**
 * Personal API tokens (docs/api.md §1, API tokens): a signed-in user's named tokens, sent as
 * `Authorization: Bearer <token>`. Shared by the server and the web app.
 */

/** The longest token name. */
export const API_TOKEN_NAME_MAX = 100;
/** The most permission codes one token may list. */
export const API_TOKEN_PERMISSIONS_MAX = 200;

/** `POST /api/users/me/tokens` body. */
export interface CreateApiTokenBody {
  name: string;
  /** ISO time in the future; none: the token does not expire. */
  expiresAt?: string | null;
  /** Codes the user holds, narrowing what the token may do; none: all the user's codes. */
  permissions?: string[] | null;
}

/** A token as `GET /api/users/me/tokens` lists it: never the token itself. */
export interface ApiTokenInfo {
  id: number;
  name: string;
  /** ISO times. */
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  permissions: string[] | null;
}

/** `POST /api/users/me/tokens` answer: the only time `token` is sent. */
export interface CreatedApiToken {
  id: number;
  name: string;
  token: string;
  expiresAt: string | null;
  permissions: string[] | null;
}
