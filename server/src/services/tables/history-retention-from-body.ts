import {
  DEFAULT_HISTORY_RETENTION,
  historyRetentionProblem,
  isHistoryKeepMode,
  type HistoryMode,
} from '../../../../contract/index';
import { metadataMessage } from '../../i18n/metadata-messages';
import type { TableBody } from '../../schemas/table-body';
import type { ErrorBag } from './error-bag';

export interface HistoryRetentionFields {
  historyMode: HistoryMode;
  historyKeep: number | null;
}

/**
 * The history setting a create or PATCH body asks for (docs/api.md §2.1), over `stored` (the
 * table's setting; the default for a new table): `historyMode` absent keeps the stored mode, null
 * or "" means `on`; `historyKeep` absent keeps the stored count while the mode stays the same. A
 * bad mode or count adds a field error and gives back `stored` unchanged.
 */
export const historyRetentionFromBody = (
  body: Pick<TableBody, 'historyMode' | 'historyKeep'>,
  errors: ErrorBag,
  stored: HistoryRetentionFields = {
    historyMode: DEFAULT_HISTORY_RETENTION.mode,
    historyKeep: DEFAULT_HISTORY_RETENTION.keep,
  },
): HistoryRetentionFields => {
  const asked = body.historyMode === undefined ? stored.historyMode : body.historyMode;
  const mode = asked === null || asked.trim() === '' ? 'on' : asked.trim();
  const keep =
    body.historyKeep !== undefined
      ? body.historyKeep
      : mode === stored.historyMode
        ? stored.historyKeep
        : null;
  const problem = historyRetentionProblem(mode, keep);
  if (problem?.field === 'historyMode') {
    errors.add('historyMode', metadataMessage('historyModeInvalid', { mode }));
    return stored;
  }
  if (problem?.field === 'historyKeep') {
    const key = problem.mode === 'days' ? 'historyKeepDays' : 'historyKeepRevisions';
    errors.add('historyKeep', metadataMessage(key, { max: problem.max, value: String(keep) }));
    return stored;
  }
  const historyMode = mode as HistoryMode;
  return { historyMode, historyKeep: isHistoryKeepMode(historyMode) ? keep : null };
};
