import { useList } from '@refinedev/core';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_LIMIT, type AuditEntry } from '../../../contract';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useDownload } from '../../common/hooks/useDownload';
import { toQueryParams } from '../../common/lib/query-params';
import { AUDIT_PERMISSIONS, exportAuditCall, unquoteUrl } from '../../providers/custom-calls';
import { auditFilters, type AuditFilterValues } from '../lib/audit-filters';

/**
 * The audit log screen's reads: a page of entries, newest first, and their count, under the
 * filters last applied (`apply` goes back to the first page); `exportExcel` downloads every entry
 * those filters keep.
 */
export const useAuditLog = () => {
  const [values, setValues] = useState<AuditFilterValues>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_LIMIT);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState<unknown>(null);
  const filters = useMemo(() => auditFilters(values), [values]);
  const { query, result } = useList<AuditEntry>({
    resource: 'audit',
    dataProviderName: 'audit',
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters,
    meta: { requiredPermissions: AUDIT_PERMISSIONS },
    queryOptions: { retry: false },
    successNotification: false,
    errorNotification: false,
  });
  const call = useCustomCall('audit');
  const download = useDownload();

  const apply = useCallback((next: AuditFilterValues) => {
    setValues(next);
    setPage(1);
  }, []);

  const changePage = useCallback((next: number, size: number) => {
    setPage(next);
    setPageSize(size);
  }, []);

  const exportExcel = useCallback(async () => {
    setExporting(true);
    setExportFailed(null);
    try {
      download(unquoteUrl(await call<string>(exportAuditCall(toQueryParams(filters)))));
    } catch (failure) {
      setExportFailed(failure);
    } finally {
      setExporting(false);
    }
  }, [call, download, filters]);

  return {
    query,
    entries: result.data,
    total: result.total ?? 0,
    page,
    pageSize,
    values,
    apply,
    changePage,
    exportExcel,
    exporting,
    exportFailed,
  };
};
