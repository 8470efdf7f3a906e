import { useCustom } from '@refinedev/core';
import { useMemo } from 'react';
import type { FlowButton } from '../../../contract';
import { flowButtonsCall } from '../../providers/custom-calls';

/** How long a table's button flows are taken as known (a list's rows and pages ask again and again). */
const BUTTONS_FRESH_MS = 30_000;

const isButton = (value: unknown): value is FlowButton => {
  const button = value as Partial<FlowButton> | null;
  return typeof button?.id === 'number' && typeof button.name === 'string';
};

/**
 * The enabled flows with a button on a table's records (`GET /api/flows/buttons`), for a user who
 * may read it: one request for the list, its rows and its batch bar. Until they are known, or when
 * the server cannot say, there are none (nothing is shown rather than an error).
 */
export const useFlowButtons = (tableName: string, dataSource: string): FlowButton[] => {
  const call = flowButtonsCall(tableName, dataSource);
  const { result } = useCustom<FlowButton[]>({
    url: call.url,
    method: 'get',
    config: { query: call.query },
    meta: call.meta,
    queryOptions: { retry: false, staleTime: BUTTONS_FRESH_MS },
    errorNotification: false,
  });
  const answered: unknown = result.data;
  return useMemo(() => (Array.isArray(answered) ? answered.filter(isButton) : []), [answered]);
};
