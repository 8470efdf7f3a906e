import { useDataProvider } from '@refinedev/core';
import { useCallback } from 'react';
import { runCustom, type CustomCall } from '../../providers/custom-calls';

/**
 * Runs the non-CRUD calls of `providers/custom-calls` through the data provider's `custom` method,
 * for controller code a hook does not fit (progress callbacks, loops, several calls in a row).
 */
export const useCustomCall = (dataProviderName?: string) => {
  const provider = useDataProvider();
  return useCallback(
    <T>(call: CustomCall): Promise<T> => runCustom<T>(provider(dataProviderName).custom, call),
    [provider, dataProviderName],
  );
};
