import type { AfterCommitEvent, CommittedChange } from '../sdk';

/** The tables whose changes are sent: every table (`*`), or these metadata names. */
export type NotifyTables = '*' | readonly string[];

/**
 * `CRUDBOARD_EXT_NOTIFY_TABLES` read: `*` (alone or among names) is every table; otherwise the
 * comma-separated names, trimmed, blanks and repeats left out. Empty: none.
 */
export const parseTables = (text: string): NotifyTables => {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  return names.includes('*') ? '*' : names;
};

/** What one notification carries: the committed write, and its changes of the configured tables. */
export interface NotifyBody {
  /** Present (true) only on the ping `POST /api/ext/notify/test` sends. */
  test?: true;
  dataSource: string;
  userId: number;
  userName: string | null;
  requestId: string | null;
  /** ISO time of the write (its revisions' `at`). */
  at: string;
  changes: readonly CommittedChange[];
}

/**
 * The body of one committed write, with only its changes of `tables` (each as the hook got it:
 * `{table, key, action, channel, changes}`); null when none of them is of those tables.
 */
export const notificationOf = (
  event: Pick<AfterCommitEvent, 'dataSource' | 'userId' | 'userName' | 'requestId' | 'at' | 'changes'>,
  tables: NotifyTables,
): NotifyBody | null => {
  const changes =
    tables === '*' ? event.changes : event.changes.filter((change) => tables.includes(change.table));
  if (changes.length === 0) return null;
  return {
    dataSource: event.dataSource,
    userId: event.userId,
    userName: event.userName,
    requestId: event.requestId,
    at: event.at.toISOString(),
    changes: changes.map(({ table, key, action, channel, changes: columns }) => ({
      table,
      key,
      action,
      channel,
      changes: columns,
    })),
  };
};

/**
 * Where notifications go, as `GET /status` shows it: the URL's origin (scheme, host, port), never
 * its path or query, which may hold a token.
 */
export const targetOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

const MAX_ERROR_LENGTH = 300;

/**
 * An error text as it may be shown: each of `hidden` (the URL, the secret) replaced by `…`, on one
 * line, cut to 300 characters.
 */
export const shownError = (text: string, hidden: readonly (string | undefined)[]): string => {
  let shown = text;
  for (const value of hidden) if (value) shown = shown.split(value).join('…');
  shown = shown.replace(/\s+/g, ' ').trim();
  return shown.length > MAX_ERROR_LENGTH ? `${shown.slice(0, MAX_ERROR_LENGTH - 1)}…` : shown;
};
