/** A signed-in HTTP session against a running server, for test setup through the real API. */
export interface ApiSession {
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

export const signInApi = async (
  baseUrl: string,
  password: string,
  username = 'superadmin',
): Promise<ApiSession> => {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    call: async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
      if (!text) return undefined as T;
      // a create's answer for a text key is that key as plain text
      return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
    },
  };
};

/** Adds an enabled user with one role through the API; returns the user's id. */
export const addUserWithRole = async (
  api: ApiSession,
  user: { username: string; realname: string; password: string },
  roleId: number,
): Promise<number> => {
  const userId = await api.call<number>('POST', '/business/user', { ...user, enabled: true });
  await api.call('POST', '/business/userRole', { userId, roleId });
  return userId;
};
