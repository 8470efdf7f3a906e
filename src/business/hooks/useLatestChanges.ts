import { useCustom } from '@refinedev/core';
import { useMemo } from 'react';
import { MAX_LATEST_KEYS, type LatestChange } from '../../../contract';
import { latestChangesCall } from '../../providers/custom-calls';

/**
 * Who last changed each record of a list page and when (their newest revision), by record key:
 * one request per page, made only when `enabled` (a table that keeps history). It is a hint, so a
 * failure shows nothing rather than an error.
 */
export const useLatestChanges = (
  table: string,
  keys: readonly string[],
  dataSource: string,
  enabled: boolean,
): ReadonlyMap<string, LatestChange> => {
  const asked = useMemo(() => [...new Set(keys)].slice(0, MAX_LATEST_KEYS), [keys]);
  const call = latestChangesCall(table, asked, dataSource);
  const { result } = useCustom<LatestChange[]>({
    url: call.url,
    method: 'get',
    meta: call.meta,
    queryOptions: { enabled: enabled && asked.length > 0, retry: false },
    errorNotification: false,
  });
  return useMemo(() => {
    const answered: unknown = result.data;
    const changes = Array.isArray(answered) ? (answered as LatestChange[]) : [];
    return new Map(changes.map((change) => [change.key, change]));
  }, [result.data]);
};
