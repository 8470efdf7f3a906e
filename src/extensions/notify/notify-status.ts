/** `GET /api/ext/notify/status`: where change notifications go and how many went. */
export interface NotifyStatus {
  /** `CRUDBOARD_EXT_NOTIFY_URL` is set. */
  configured: boolean;
  /** The receiver's origin (never its path or query); null when not configured. */
  target: string | null;
  /** `*`: every table. */
  tables: '*' | string[];
  /** Bodies carry `X-Crudboard-Signature` (`CRUDBOARD_EXT_NOTIFY_SECRET` is set). */
  signed: boolean;
  timeoutMs: number;
  /** Since this server started. */
  sent: number;
  failed: number;
  /** Epoch milliseconds of the last call. */
  lastAt: number | null;
  /** Why the last call failed; null when it went through. */
  lastError: string | null;
}

/** `POST /api/ext/notify/test` when the receiver accepted the ping. */
export interface NotifyTestAnswer {
  delivered: true;
  status: number;
}

/** The server's settings, in the order the page explains them (each `CRUDBOARD_EXT_NOTIFY_<KEY>`). */
export const NOTIFY_VARIABLES = ['URL', 'TABLES', 'SECRET', 'TIMEOUT_MS'] as const;

export const variableName = (key: (typeof NOTIFY_VARIABLES)[number]): string => `CRUDBOARD_EXT_NOTIFY_${key}`;

/**
 * What the page says about the tables: every table, none (nothing is sent), or their names.
 */
export const tablesShown = (
  tables: NotifyStatus['tables'],
): { kind: 'all' | 'none' } | { kind: 'some'; names: string } =>
  tables === '*'
    ? { kind: 'all' }
    : tables.length === 0
      ? { kind: 'none' }
      : { kind: 'some', names: tables.join(', ') };
