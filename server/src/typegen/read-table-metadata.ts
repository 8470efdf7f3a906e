import type { Relation, Table } from '../../../contract/index';
import { SESSION_COOKIE } from '../auth/session-cookie';

/** How to sign in: a personal API token, or a username and password (a session, ended afterwards). */
export type ServerCredentials = { token: string } | { username: string; password: string };

export interface TableMetadataSource {
  /** The server's address, without `/api` (`http://127.0.0.1:8080`). */
  url: string;
  credentials: ServerCredentials;
  /** The data source whose tables are read (default `primary`). */
  dataSource?: string;
}

/** A server that could not be read: the message says what to do. */
export class MetadataReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetadataReadError';
  }
}

const errorText = async (response: Response): Promise<string> => {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
};

/** The session cookie a password sign-in sets. */
const signIn = async (base: string, username: string, password: string): Promise<string> => {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (!response.ok)
    throw new MetadataReadError(
      `sign-in as ${username} failed (${response.status}): ${await errorText(response)}`,
    );
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  const pair = cookie?.split(';')[0];
  if (!pair) throw new MetadataReadError('sign-in answered no session cookie');
  return pair;
};

/** Runs `work` on each item, at most `parallel` at a time; the results in the items' order. */
const mapLimited = async <T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>) => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
};

/**
 * The tables a user may read on a running crudboard server (`GET /api/users/me/table`, with the
 * columns the user may read) and their relations (`GET /api/metadata/tablerelations/fromTable/name/
 * <table>`, which the table's business read permission opens): enough for a token that may only
 * read the tables it is about.
 */
export const readTableMetadata = async (
  source: TableMetadataSource,
): Promise<{ tables: Table[]; relations: Relation[] }> => {
  const base = source.url.replace(/\/+$/, '');
  const reach = async <T>(attempt: () => Promise<T>): Promise<T> => {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof MetadataReadError) throw error;
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new MetadataReadError(`cannot reach a crudboard server at ${base}${cause}`);
    }
  };
  const { credentials } = source;
  const cookie =
    'token' in credentials
      ? undefined
      : await reach(() => signIn(base, credentials.username, credentials.password));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': 'en',
    dataSource: source.dataSource ?? 'primary',
    ...(cookie ? { cookie } : { authorization: `Bearer ${'token' in credentials ? credentials.token : ''}` }),
  };
  const get = <T>(path: string): Promise<T> =>
    reach(async () => {
      const response = await fetch(`${base}/api${path}`, { headers });
      if (response.status === 401)
        throw new MetadataReadError(
          cookie
            ? 'the session was refused'
            : 'the API token was refused: it is unknown, revoked or expired (docs/api.md §1.1)',
        );
      if (!response.ok)
        throw new MetadataReadError(
          `GET /api${path} answered ${response.status}: ${await errorText(response)}`,
        );
      return (await response.json()) as T;
    });
  try {
    const tables = await get<Table[]>('/users/me/table');
    const relations = await mapLimited(tables, 4, (table) =>
      get<Relation[]>(`/metadata/tablerelations/fromTable/name/${encodeURIComponent(table.name)}`),
    );
    return { tables, relations: relations.flat() };
  } finally {
    if (cookie) await fetch(`${base}/api/auth/logout`, { headers: { cookie } }).catch(() => undefined);
  }
};
