/**
 * How long a table keeps the history of its records (docs/api.md §3, record history):
 * `on` keeps every revision (the default), `off` records none, `days` keeps the revisions of the
 * last `historyKeep` days, `revisions` the newest `historyKeep` revisions of each record.
 */
export const HISTORY_MODES = ['on', 'off', 'days', 'revisions'] as const;
export type HistoryMode = (typeof HISTORY_MODES)[number];

/** The modes that keep a bounded history, with the largest `historyKeep` each accepts. */
export const HISTORY_KEEP_MAX = { days: 36_500, revisions: 100_000 } as const;
export type HistoryKeepMode = keyof typeof HISTORY_KEEP_MAX;

/** A table's history setting as stored: `keep` is a count for `days` / `revisions`, else null. */
export interface HistoryRetention {
  mode: HistoryMode;
  keep: number | null;
}

export const DEFAULT_HISTORY_RETENTION: HistoryRetention = { mode: 'on', keep: null };

export const isHistoryMode = (value: unknown): value is HistoryMode =>
  typeof value === 'string' && (HISTORY_MODES as readonly string[]).includes(value);

export const isHistoryKeepMode = (mode: HistoryMode): mode is HistoryKeepMode =>
  mode === 'days' || mode === 'revisions';

/** What is wrong with a history setting, or null: the mode, or `keep` for a mode that counts. */
export type HistoryRetentionProblem =
  | { field: 'historyMode'; problem: 'mode' }
  | { field: 'historyKeep'; problem: 'keepRange'; max: number; mode: HistoryKeepMode };

/**
 * Checks a setting: the mode one of HISTORY_MODES; for `days` / `revisions`, `keep` a whole
 * number from 1 to the mode's maximum. For `on` / `off` a `keep` is ignored (stored as null).
 */
export const historyRetentionProblem = (mode: unknown, keep: unknown): HistoryRetentionProblem | null => {
  if (!isHistoryMode(mode)) return { field: 'historyMode', problem: 'mode' };
  if (!isHistoryKeepMode(mode)) return null;
  const max = HISTORY_KEEP_MAX[mode];
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1 || keep > max)
    return { field: 'historyKeep', problem: 'keepRange', max, mode };
  return null;
};
