import type { CrudFilter } from '@refinedev/core';
import { useCallback, useRef, useState } from 'react';
import { exportRecordsCall, unquoteUrl } from '../../providers/custom-calls';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useDownload } from '../../common/hooks/useDownload';
import { exportQuery } from '../lib/export-query';

/** An export ready sooner than this just downloads; a longer one shows its progress. */
export const EXPORT_QUIET_MS = 2000;

export type ExportFormat = 'excel' | 'xml';

/** An export under way, once it takes long enough to be shown. */
export interface RunningExport {
  format: ExportFormat;
  /** When it started (epoch milliseconds), for the time it has taken so far. */
  startedAt: number;
}

/**
 * Exports of a list (docs/product.md §2): the list's filters and the columns it shows, in its
 * order (or every column); the file downloads by itself as soon as the server has written it.
 * Only an export that takes longer than EXPORT_QUIET_MS is shown (`running`); stopping to wait
 * for it (`dismiss`) drops its download. A failure is only logged (docs/product.md §8).
 */
export const useRecordExport = (tableName: string) => {
  const call = useCustomCall();
  const download = useDownload();
  const [running, setRunning] = useState<RunningExport | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef(0);

  const start = useCallback(
    async (format: ExportFormat, filters: readonly CrudFilter[], columns: readonly string[] | null) => {
      const id = ++current.current;
      const startedAt = Date.now();
      setBusy(true);
      const timer = setTimeout(() => {
        if (current.current === id) setRunning({ format, startedAt });
      }, EXPORT_QUIET_MS);
      try {
        const url = unquoteUrl(
          await call<string>(exportRecordsCall(tableName, format, exportQuery(filters, columns))),
        );
        if (current.current === id) download(url);
      } catch (failure) {
        console.error('crudboard: export failed', failure);
      } finally {
        clearTimeout(timer);
        if (current.current === id) {
          current.current += 1;
          setRunning(null);
          setBusy(false);
        }
      }
    },
    [call, download, tableName],
  );

  const dismiss = useCallback(() => {
    current.current += 1;
    setRunning(null);
    setBusy(false);
  }, []);

  return { start, running, busy, dismiss };
};
