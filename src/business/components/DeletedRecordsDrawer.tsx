import { RollbackOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { App, Button, Descriptions, Drawer, Flex, List, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isServerFilled, recordTitle, SOFT_DELETE_COLUMN, type DeletedRecord } from '../../../contract';
import { QueryState } from '../../common/components/QueryState';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { useWellKnownNames } from '../../common/hooks/useCaption';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { failureReason } from '../../common/lib/failure-reason';
import {
  deletedCountCall,
  deletedRecordsCall,
  quietPost,
  restoreDeletedCall,
} from '../../providers/custom-calls';
import type { BusinessTableMeta } from '../hooks/useBusinessTable';
import { useStoredValues, type StoredValue } from '../hooks/useStoredValues';
import { formatTemporal } from '../lib/business-cells';

/** Deleted records per page. */
export const DELETED_PAGE = 20;

export interface DeletedRecordsDrawerProps {
  open: boolean;
  onClose: () => void;
  meta: BusinessTableMeta;
  dataSource: string;
  /** The user may create records of the table: each deleted one can be brought back. */
  canRestore: boolean;
}

/**
 * The table's hard-deleted records (beside the recycle bin, which holds the soft-deleted ones):
 * each by its title with who deleted it and when, its last values, and 恢复 to create it again with
 * its key after a confirmation.
 */
export const DeletedRecordsDrawer = ({
  open,
  onClose,
  meta,
  dataSource,
  canRestore,
}: DeletedRecordsDrawerProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { phone } = useScreenLayout();
  const wellKnown = useWellKnownNames();
  const invalidate = useInvalidate();
  const { table } = meta;
  const [page, setPage] = useState(1);
  const [restoring, setRestoring] = useState<DeletedRecord | null>(null);
  const listCall = deletedRecordsCall(
    table.name,
    { offset: (page - 1) * DELETED_PAGE, limit: DELETED_PAGE },
    dataSource,
  );
  const countCall = deletedCountCall(table.name, dataSource);
  const { result, query } = useCustom<DeletedRecord[]>({
    url: listCall.url,
    method: 'get',
    config: { query: listCall.query },
    meta: listCall.meta,
    queryOptions: { enabled: open, retry: false },
    errorNotification: false,
  });
  const { result: counted } = useCustom({
    url: countCall.url,
    method: 'get',
    meta: countCall.meta,
    queryOptions: { enabled: open, retry: false },
    errorNotification: false,
  });
  const { mutateAsync: runRestore, mutation: restoreState } = useCustomMutation();
  const records = useMemo(() => (Array.isArray(result.data) ? result.data : []), [result.data]);
  const answered: unknown = counted.data;
  const total = typeof answered === 'number' ? answered : records.length;
  const stored = useMemo(
    () => records.flatMap((record) => Object.entries(record.values).map((entry): StoredValue => entry)),
    [records],
  );
  const { captionOf, valueOf } = useStoredValues(meta, stored);
  const keyNames = new Set(table.primaryNames ?? []);

  const titleOf = (record: DeletedRecord): string => {
    const title = recordTitle(table, record.values);
    return title && title !== record.key ? title : `#${record.key}`;
  };
  const userName = (record: DeletedRecord) =>
    record.user.name
      ? (wellKnown.userName?.(record.user.name) ?? record.user.name)
      : t('recordHistory.system');

  const restore = async () => {
    if (!restoring) return;
    const call = restoreDeletedCall(table.name, restoring.revisionId, dataSource);
    try {
      await runRestore(quietPost(call));
      void message.success(t('deletedRecords.restored', { name: titleOf(restoring) }));
      setRestoring(null);
      void invalidate({ resource: table.name, invalidates: ['list', 'many'] });
      void query.refetch();
    } catch (failure) {
      const reason = failureReason(failure, t('errors.unreachable'));
      const text = t('deletedRecords.restoreFailed');
      void message.error(reason ? `${text}：${reason}` : text);
    }
  };

  const details = (record: DeletedRecord) =>
    Object.entries(record.values)
      // the record's own values: not its key, the recycle-bin flag or the server's stamps
      .filter(([name]) => !keyNames.has(name) && name !== SOFT_DELETE_COLUMN && !isServerFilled(name))
      .map(([name, value]) => ({ key: name, label: captionOf(name), children: valueOf(name, value) }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={phone ? '100%' : 560}
      title={t('deletedRecords.title')}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('deletedRecords.hint')}</Typography.Text>
        <QueryState
          query={query}
          failed={t('deletedRecords.loadFailed')}
          empty={records.length === 0}
          emptyText={t('deletedRecords.empty')}
        >
          <List
            dataSource={records}
            pagination={
              total > DELETED_PAGE
                ? {
                    current: page,
                    pageSize: DELETED_PAGE,
                    total,
                    onChange: setPage,
                    size: 'small',
                    simple: phone,
                  }
                : false
            }
            renderItem={(record) => (
              <List.Item
                key={record.revisionId}
                data-deleted-record={record.key}
                style={{ display: 'block' }}
              >
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <Flex vertical>
                    <Typography.Text strong>{titleOf(record)}</Typography.Text>
                    <Typography.Text type="secondary">
                      {t('deletedRecords.deletedBy', {
                        user: userName(record),
                        time: formatTemporal('DATETIME', record.time),
                      })}
                    </Typography.Text>
                  </Flex>
                  {canRestore && (
                    <Button size="small" icon={<RollbackOutlined />} onClick={() => setRestoring(record)}>
                      {t('deletedRecords.restore')}
                    </Button>
                  )}
                </Flex>
                <Descriptions size="small" column={1} style={{ marginTop: 8 }} items={details(record)} />
              </List.Item>
            )}
          />
        </QueryState>
      </Flex>
      <ConfirmDialog
        open={restoring !== null}
        title={t('deletedRecords.restoreTitle')}
        okText={t('deletedRecords.restore')}
        busy={restoreState.isPending}
        onOk={() => void restore()}
        onCancel={() => setRestoring(null)}
      >
        {restoring && (
          <Typography.Text>
            {t('deletedRecords.restoreHint', { name: titleOf(restoring), key: restoring.key })}
          </Typography.Text>
        )}
      </ConfirmDialog>
    </Drawer>
  );
};
