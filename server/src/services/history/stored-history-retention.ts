import {
  DEFAULT_HISTORY_RETENTION,
  historyRetentionProblem,
  isHistoryKeepMode,
  type HistoryMode,
} from '../../../../contract/index';

/**
 * A table's history setting as its metadata row holds it (`historyMode`, `historyKeep`,
 * migration metadata-011): null, or anything not valid, reads as `on` (every table made before
 * the setting keeps recording); `historyKeep` only counts for `days` / `revisions`.
 */
export const storedHistoryRetention = (row: {
  historyMode?: unknown;
  historyKeep?: unknown;
}): { historyMode: HistoryMode; historyKeep: number | null } => {
  const mode = row.historyMode ?? DEFAULT_HISTORY_RETENTION.mode;
  const keep = row.historyKeep === null || row.historyKeep === undefined ? null : Number(row.historyKeep);
  if (historyRetentionProblem(mode, keep) !== null) return { historyMode: 'on', historyKeep: null };
  const historyMode = mode as HistoryMode;
  return { historyMode, historyKeep: isHistoryKeepMode(historyMode) ? keep : null };
};
