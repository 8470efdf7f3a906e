/** What a server process answered: the status and the body, parsed when it is JSON. */
export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * One signed-in client of a server process (or of a balancer in front of several): JSON calls
 * with the session cookie and the server's own origin, as the web app makes them.
 */
export const httpClient = (url: string, cookie: string) => {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        cookie,
        origin: url,
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a balancer's 502 page)
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown, headers?: Record<string, string>) =>
      call('POST', path, body, headers),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
  };
};
export type HttpClient = ReturnType<typeof httpClient>;
