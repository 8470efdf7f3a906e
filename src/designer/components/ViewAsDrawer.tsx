import { useList } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Drawer, Flex, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessPermission, VIEW_AS_HEADER, type Table as TableMeta } from '../../../contract';
import { cellText } from '../../business/lib/business-cells';
import type { BusinessRecord } from '../../business/lib/business-record';
import { PaginationBar } from '../../common/components/PaginationBar';
import { useCaption } from '../../common/hooks/useCaption';
import type { HttpError } from '../../common/lib/http-error';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

interface Props {
  table: TableMeta;
  /** The user to view as, and how to name them. */
  user: { id: number; label: string } | undefined;
  onClose: () => void;
}

/**
 * 以其身份查看: the table's records exactly as one user reads them (their roles' saved
 * permissions, column rules and row rules), read-only. The server answers under the view-as
 * header and audits each read.
 */
export const ViewAsDrawer = ({ table, user, onClose }: Props) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { dataSource } = useCurrentDataSource();
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const { result, query } = useList<BusinessRecord>({
    resource: table.name,
    pagination: { currentPage: page, pageSize: rowsPerPage, mode: 'server' },
    meta: {
      dataSource,
      viewAs: user?.id,
      headers: user ? { [VIEW_AS_HEADER]: String(user.id) } : {},
      requiredPermissions: [businessPermission(table.name, 'read')],
    },
    errorNotification: false,
    queryOptions: { enabled: user !== undefined, placeholderData: keepPreviousData, gcTime: 0 },
  });
  const rows = result.data;
  const labels = useMemo(() => ({ yes: t('common.yes'), no: t('common.no') }), [t]);
  // The columns the user reads: those their answer holds (column rules leave the others out).
  const columns = useMemo<TableColumnsType<BusinessRecord>>(() => {
    const present = new Set(rows.flatMap((row) => Object.keys(row)));
    return table.columns
      .filter(
        (column) =>
          present.has(column.name) && column.dataType !== 'PASSWORD' && column.name !== 'fullTextBody',
      )
      .map((column) => ({
        key: column.name,
        dataIndex: column.name,
        title: caption(column),
        ellipsis: true,
        render: (cell: unknown) => cellText(column, cell, labels),
      }));
  }, [rows, table, caption, labels]);
  const failure = query.error as Partial<HttpError> | null;

  return (
    <Drawer
      open={user !== undefined}
      onClose={onClose}
      destroyOnHidden
      width="min(960px, 100vw)"
      title={t('rowRules.viewAsTitle', { user: user?.label ?? '' })}
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon message={t('rowRules.viewAsNotice', { user: user?.label ?? '' })} />
        {failure ? (
          <Alert type="error" showIcon message={failure.message || t('rowRules.viewAsFailed')} />
        ) : (
          <>
            <Table<BusinessRecord>
              size="small"
              rowKey={(row) => JSON.stringify(table.primaryNames?.map((name) => row[name]) ?? row)}
              columns={columns}
              dataSource={rows}
              loading={query.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('rowRules.viewAsEmpty') }}
            />
            <PaginationBar
              page={page}
              rowsPerPage={rowsPerPage}
              count={result.total ?? 0}
              onChange={(next, size) => {
                setPage(next);
                setRowsPerPage(size);
              }}
            />
          </>
        )}
      </Flex>
    </Drawer>
  );
};
