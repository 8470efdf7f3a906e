import { useApiUrl, useCustom } from '@refinedev/core';
import { useEffect } from 'react';
import type { Table } from '../../contract';
import { quietOnUnauthorized } from '../auth/lib/quiet-on-unauthorized';
import { userTablesCall } from '../providers/app-calls';
import { registerTables } from './useRegisteredTables';

const NO_TABLES: Table[] = [];

/** Loads the user's tables for a data source and registers them as Refine resources. */
export const useUserTables = (dataSource: string) => {
  const apiUrl = useApiUrl();
  const { result, query } = useCustom<Table[]>({
    ...userTablesCall(apiUrl, dataSource),
    errorNotification: quietOnUnauthorized,
  });
  const tables = Array.isArray(result.data) ? result.data : NO_TABLES;
  useEffect(() => {
    if (query.isSuccess) registerTables(dataSource, tables);
  }, [dataSource, query.isSuccess, tables]);
  return { tables, isLoading: query.isLoading, isError: query.isError };
};
