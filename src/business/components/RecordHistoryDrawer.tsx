import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import { useCustomMutation, useLogList } from '@refinedev/core';
import { Alert, App, Button, Drawer, Flex, List, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCK_COLUMN, type Revision, type RevisionAction } from '../../../contract';
import { failureReason } from '../../common/lib/failure-reason';
import { statusOf } from '../../common/lib/http-error';
import { useWellKnownNames } from '../../common/hooks/useCaption';
import { useScreenLayout } from '../../common/hooks/useScreenLayout';
import { QueryState } from '../../common/components/QueryState';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { quietPost, restoreRevisionCall } from '../../providers/custom-calls';
import type { RecordLogMeta, RevisionLog } from '@crudboard/client';
import type { BusinessTableMeta } from '../hooks/useBusinessTable';
import type { BusinessRecord } from '../lib/business-record';
import { formatTemporal } from '../lib/business-cells';
import { useStoredValues, type StoredValue } from '../hooks/useStoredValues';
import { filterRevisions, historyFacets, restorePlan, type RestoreStep } from '../lib/history-restore';

/** The record's optimistic-lock stamp, when it has one. */
const stampOf = (record: BusinessRecord | undefined): string | number | undefined => {
  const stamp = record?.[LOCK_COLUMN];
  return typeof stamp === 'string' || typeof stamp === 'number' ? stamp : undefined;
};

/** A 409 for the stamp (saved or deleted since), not a constraint's. */
const isStaleRefusal = (failure: unknown): boolean =>
  statusOf(failure) === 409 &&
  Object.hasOwn((failure as { errors?: object } | null)?.errors ?? {}, LOCK_COLUMN);

/** Revisions read per page of the history; 更早 reads the next. */
export const HISTORY_PAGE = 50;

export interface RecordHistoryDrawerProps {
  open: boolean;
  onClose: () => void;
  meta: BusinessTableMeta;
  /** The record's key, as in its URL. */
  recordKey: string;
  dataSource: string;
  /** The record as stored now. */
  record: BusinessRecord | undefined;
  /** The columns the user may change in the form, in order; empty: no restore. */
  editable: readonly string[];
  /** The form holds changes not saved yet: a restore says they will be dropped. */
  isDirty: () => boolean;
  /** After a restore: the form starts again from the stored record. */
  onRestored: () => void;
}

const ACTION_COLORS: Record<RevisionAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  softDelete: 'orange',
  restore: 'cyan',
};

/**
 * A record's history (its revisions, newest first, through Refine's `useLogList`): who, when, how
 * and what changed (old → new, shown as the list shows values), filtered by user or column, and a
 * restore to any revision, of all its fields or some, after a confirmation that shows the change.
 */
export const RecordHistoryDrawer = ({
  open,
  onClose,
  meta,
  recordKey,
  dataSource,
  record,
  editable,
  isDirty,
  onRestored,
}: RecordHistoryDrawerProps) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { phone } = useScreenLayout();
  const wellKnown = useWellKnownNames();
  const { table } = meta;
  const [pages, setPages] = useState(1);
  const [user, setUser] = useState<string>();
  const [column, setColumn] = useState<string>();
  const [restoring, setRestoring] = useState<{ revision: Revision; steps: RestoreStep[] } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const { mutateAsync: runRestore, mutation: restoreState } = useCustomMutation();

  const logMeta: RecordLogMeta = { id: recordKey, dataSource, limit: pages * HISTORY_PAGE };
  const logs = useLogList<RevisionLog[]>({
    resource: table.name,
    meta: logMeta,
    queryOptions: { enabled: open, retry: false },
  });
  const revisions = useMemo(() => (logs.data ?? []).map((log) => log.meta), [logs.data]);
  const more = revisions.length === pages * HISTORY_PAGE;

  const stored = useMemo(
    () =>
      revisions.flatMap((revision) =>
        revision.changes.flatMap((change): StoredValue[] => [
          [change.column, change.old],
          [change.column, change.new],
        ]),
      ),
    [revisions],
  );
  const { captionOf, valueOf } = useStoredValues(meta, stored);

  const facets = useMemo(() => historyFacets(revisions), [revisions]);
  const shown = useMemo(() => filterRevisions(revisions, user, column), [revisions, user, column]);

  const askRestore = (revision: Revision, steps: RestoreStep[]) => {
    setChosen(steps.map((step) => step.column));
    setRestoring({ revision, steps });
  };
  const restore = async (overNewer = false) => {
    if (!restoring) return;
    // The record as this screen shows it: saved or deleted since, the server refuses and we ask.
    const seen = overNewer ? undefined : stampOf(record);
    const call = restoreRevisionCall(table.name, recordKey, restoring.revision.id, chosen, dataSource, seen);
    try {
      await runRestore(quietPost(call));
      // the plan holds only fields that differ, so every chosen one was set back
      void message.success(t('recordHistory.restored', { count: chosen.length }));
      setRestoring(null);
      void logs.refetch();
      onRestored();
    } catch (failure) {
      const reason = failureReason(failure, t('errors.unreachable'));
      if (seen !== undefined && isStaleRefusal(failure)) {
        modal.confirm({
          title: t('recordHistory.staleTitle'),
          content: t('recordHistory.staleHint'),
          okText: t('recordHistory.restoreAnyway'),
          cancelText: t('buttons.cancel'),
          onOk: () => restore(true),
        });
        return;
      }
      const text = t('recordHistory.restoreFailed');
      void message.error(reason ? `${text}：${reason}` : text);
    }
  };

  const userName = (revision: Revision) =>
    revision.user.name
      ? (wellKnown.userName?.(revision.user.name) ?? revision.user.name)
      : t('recordHistory.system');

  const changeRows = (revision: Revision) =>
    revision.changes.map((change) => ({
      key: change.column,
      field: captionOf(change.column),
      old: change.secret
        ? t('recordHistory.secret')
        : 'old' in change
          ? valueOf(change.column, change.old)
          : null,
      new: change.secret
        ? t('recordHistory.secret')
        : 'new' in change
          ? valueOf(change.column, change.new)
          : null,
    }));

  const item = (revision: Revision) => {
    // restoring needs update rights; a hard delete is brought back from the deleted records
    const restorable = editable.length > 0 && revision.action !== 'delete';
    const plan = restorable ? restorePlan(revisions, revision.id, record, editable) : [];
    return (
      <List.Item key={revision.id} data-revision={revision.id} style={{ display: 'block' }}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex align="center" gap={8} wrap>
            <Tag color={ACTION_COLORS[revision.action]}>{t(`recordHistory.action.${revision.action}`)}</Tag>
            <Typography.Text strong>{userName(revision)}</Typography.Text>
            <Typography.Text type="secondary">{formatTemporal('DATETIME', revision.time)}</Typography.Text>
            <Tag bordered={false}>{t(`recordHistory.channel.${revision.channel}`)}</Tag>
          </Flex>
          {restorable && (
            <Tooltip title={plan.length === 0 ? t('recordHistory.restoreNothing') : undefined}>
              <Button
                size="small"
                icon={<RollbackOutlined />}
                disabled={plan.length === 0}
                onClick={() => askRestore(revision, plan)}
              >
                {t('recordHistory.restore')}
              </Button>
            </Tooltip>
          )}
        </Flex>
        {revision.changes.length === 0 ? (
          <Typography.Text type="secondary">{t('recordHistory.noVisibleChanges')}</Typography.Text>
        ) : (
          <Table
            size="small"
            style={{ marginTop: 8 }}
            pagination={false}
            dataSource={changeRows(revision)}
            columns={[
              { key: 'field', dataIndex: 'field', title: t('recordHistory.field'), width: '30%' },
              { key: 'old', dataIndex: 'old', title: t('recordHistory.old'), width: '35%' },
              { key: 'new', dataIndex: 'new', title: t('recordHistory.new'), width: '35%' },
            ]}
          />
        )}
      </List.Item>
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={phone ? '100%' : 640}
      title={
        <Flex align="center" gap={8}>
          <HistoryOutlined />
          {t('recordHistory.title')}
        </Flex>
      }
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('recordHistory.sqlNote')}</Typography.Text>
        <Flex gap={8} wrap>
          <Select
            allowClear
            placeholder={t('recordHistory.filterUser')}
            aria-label={t('recordHistory.filterUser')}
            value={user}
            onChange={setUser}
            options={facets.users.map((name) => ({ value: name, label: wellKnown.userName?.(name) ?? name }))}
            style={{ minWidth: 160, flex: 1 }}
          />
          <Select
            allowClear
            placeholder={t('recordHistory.filterColumn')}
            aria-label={t('recordHistory.filterColumn')}
            value={column}
            onChange={setColumn}
            options={facets.columns.map((name) => ({ value: name, label: captionOf(name) }))}
            style={{ minWidth: 160, flex: 1 }}
          />
        </Flex>
        <QueryState
          query={logs}
          failed={t('recordHistory.loadFailed')}
          empty={shown.length === 0}
          emptyText={t('recordHistory.empty')}
        >
          <List
            dataSource={shown}
            renderItem={item}
            loadMore={
              more && (
                <Flex justify="center" style={{ marginTop: 12 }}>
                  <Button loading={logs.isFetching} onClick={() => setPages((n) => n + 1)}>
                    {t('recordHistory.more')}
                  </Button>
                </Flex>
              )
            }
          />
        </QueryState>
      </Flex>
      <ConfirmDialog
        open={restoring !== null}
        title={t('recordHistory.restoreTitle')}
        okText={t('recordHistory.restore')}
        busy={restoreState.isPending}
        width={phone ? undefined : 600}
        okDisabled={chosen.length === 0}
        onOk={() => void restore()}
        onCancel={() => setRestoring(null)}
      >
        {restoring && (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{t('recordHistory.restoreHint')}</Typography.Text>
            {isDirty() && <Alert type="warning" showIcon message={t('recordHistory.restoreDirty')} />}
            <Table
              size="small"
              pagination={false}
              rowKey="column"
              dataSource={restoring.steps}
              rowSelection={{
                selectedRowKeys: chosen,
                onChange: (keys) => setChosen(keys.map(String)),
              }}
              columns={[
                {
                  key: 'field',
                  title: t('recordHistory.field'),
                  render: (_: unknown, step: RestoreStep) => captionOf(step.column),
                },
                {
                  key: 'current',
                  title: t('recordHistory.current'),
                  render: (_: unknown, step: RestoreStep) => valueOf(step.column, step.current),
                },
                {
                  key: 'restored',
                  title: t('recordHistory.restoredTo'),
                  render: (_: unknown, step: RestoreStep) => valueOf(step.column, step.restored),
                },
              ]}
            />
          </Flex>
        )}
      </ConfirmDialog>
    </Drawer>
  );
};

/** The 历史 button of a record's page: it opens the drawer. */
export const HistoryButton = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation();
  return (
    <Button icon={<HistoryOutlined />} onClick={onClick}>
      {t('recordHistory.open')}
    </Button>
  );
};
