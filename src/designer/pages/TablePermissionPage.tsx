import { useDataProvider } from '@refinedev/core';
import { EditOutlined, PlusOutlined, SafetyCertificateOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Row,
  Select,
  Space,
  Table as DataTable,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BUSINESS_ACTIONS,
  businessPermission,
  permissionTableName,
  type BusinessAction,
  type Column,
  type Table,
} from '../../../contract';
import { getTablePermission, listRoles, saveTablePermission } from '../../providers/system-records';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { useDiscardConfirm } from '../../common/hooks/useDiscardConfirm';
import { useLeaveGuard } from '../../common/hooks/useLeaveGuard';
import { useMetadataRecord } from '../../common/hooks/useMetadataRecord';
import { useSaveShortcut } from '../../common/hooks/useSaveShortcut';
import { useUserAccess } from '../../auth/hooks/useUserAccess';
import type { HttpError } from '../../common/lib/http-error';
import { appPaths } from '../../common/lib/menu';
import { tablePaths } from '../../common/lib/metadata-paths';
import { mayGrant } from '../../auth/lib/permission-codes';
import {
  grantState,
  permissionColumns,
  samePermission,
  toPermissionDraft,
  toPermissionPayload,
  withAllGrants,
  withGrant,
  type GrantField,
  type TablePermissionDraft,
} from '../lib/table-permission';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useCaption } from '../../common/hooks/useCaption';
import { useUserTableColumns } from '../hooks/useUserTableColumns';
import { RowRulesEditor } from '../components/RowRulesEditor';
import { ROW_RULE_KEYS, unfinishedRules } from '../lib/row-rule-draft';

interface EditorProps {
  table: Table;
  roleId: number;
  initial: TablePermissionDraft;
  dirtyRef: React.RefObject<boolean>;
  onSaved: () => Promise<unknown>;
}

const GRANT_FIELDS: GrantField[] = ['read', 'update'];

/** The actions and the column grid of one role on one table; saves on 保存 or Ctrl+S. */
const PermissionEditor = ({ table, roleId, initial, dirtyRef, onSaved }: EditorProps) => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const records = useDataProvider()();
  const access = useUserAccess();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const { dataSource } = useCurrentDataSource();
  // How permission codes name the table (`<dataSource>.<table>` outside primary).
  const codeName = permissionTableName(table.name, dataSource);

  const columns = useMemo(() => permissionColumns(table.columns, table), [table]);
  const columnIds = useMemo(() => columns.map((column) => column.id as number), [columns]);
  const keyIds = useMemo(
    () =>
      new Set(columns.filter((c) => (table.primaryNames ?? []).includes(c.name)).map((c) => c.id as number)),
    [columns, table.primaryNames],
  );
  const changed = !samePermission(draft, initial, codeName, table.columns, table);
  // `$user.<column>` for the columns an administrator added to the user table, read once a rule is edited.
  const userColumns = useUserTableColumns(ROW_RULE_KEYS.some((key) => draft.rowRules[key] !== null));
  useEffect(() => {
    dirtyRef.current = changed;
  }, [changed, dirtyRef]);

  const save = async () => {
    if (saving) return;
    const unfinished = unfinishedRules(draft.rowRules);
    if (unfinished.length > 0) {
      void message.error({
        content: t('rowRules.unfinished', {
          actions: unfinished.map((key) => t(`rowRules.tab.${key}`)).join(t('rowRules.separator')),
        }),
        key: 'table-permission',
      });
      return;
    }
    setSaving(true);
    try {
      await saveTablePermission(
        records,
        { id: draft.id, dataSource, tableId: table.id as number, roleId },
        toPermissionPayload(draft, codeName, table.columns, table),
      );
      dirtyRef.current = false;
      void message.success({ content: t('tablePermission.saved'), key: 'table-permission' });
      // Lists and forms of the table pick up the new rights at once.
      await queryClient.invalidateQueries({ queryKey: ['business'] });
      await onSaved();
    } catch (error) {
      const failure = error as Partial<HttpError>;
      void message.error({
        content: failure.message || t('tablePermission.saveFailed'),
        key: 'table-permission',
      });
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  const actionCodes = BUSINESS_ACTIONS.map((action) => ({
    action,
    code: businessPermission(codeName, action),
  }));
  // The grant rule: codes the stored record already has may stay (and be ticked again); others
  // only when the user holds them.
  const grantable = (action: BusinessAction, code: string) =>
    draft.actions[action] || initial.actions[action] || mayGrant(access, code);
  const tickedActions = BUSINESS_ACTIONS.filter((action) => draft.actions[action]).length;
  const setAllActions = (value: boolean) =>
    setDraft((current) => ({
      ...current,
      actions: Object.fromEntries(
        actionCodes.map(({ action, code }) => [
          action,
          value ? current.actions[action] || initial.actions[action] || mayGrant(access, code) : false,
        ]),
      ) as TablePermissionDraft['actions'],
    }));

  const grantHeader = (field: GrantField) => {
    const state = grantState(draft, columnIds, field);
    return (
      <Checkbox
        checked={state.checked}
        indeterminate={state.indeterminate}
        aria-label={t('tablePermission.allOf', { field: t(`tablePermission.grant.${field}`) })}
        onChange={(event) =>
          setDraft((current) => withAllGrants(current, columnIds, field, event.target.checked, keyIds))
        }
      >
        {t(`tablePermission.grant.${field}`)}
      </Checkbox>
    );
  };

  return (
    <Flex vertical gap={token.margin}>
      <Card
        size="small"
        title={t('tablePermission.actionsTitle')}
        extra={
          <Checkbox
            checked={tickedActions === BUSINESS_ACTIONS.length}
            indeterminate={tickedActions > 0 && tickedActions < BUSINESS_ACTIONS.length}
            onChange={(event) => setAllActions(event.target.checked)}
          >
            {t('tablePermission.selectAll')}
          </Checkbox>
        }
      >
        <Row gutter={[token.margin, token.marginSM]}>
          {actionCodes.map(({ action, code }) => {
            const checked = draft.actions[action];
            const box = (
              <Checkbox
                checked={checked}
                disabled={!grantable(action, code)}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    actions: { ...current.actions, [action]: event.target.checked },
                  }))
                }
              >
                {t(`tablePermission.action.${action}`)}
                <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                  {code}
                </Typography.Text>
              </Checkbox>
            );
            return (
              <Col key={action} xs={24} sm={12} lg={8}>
                {grantable(action, code) ? (
                  box
                ) : (
                  <Tooltip title={t('tablePermission.notHeld')}>{box}</Tooltip>
                )}
              </Col>
            );
          })}
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: `${token.marginSM}px 0 0` }}>
          {t('tablePermission.actionsHint')} {t('tablePermission.consoleHint')}
        </Typography.Paragraph>
      </Card>
      <RowRulesEditor
        table={table}
        columns={columns}
        value={draft.rowRules}
        userColumns={userColumns}
        onChange={(rowRules) => setDraft((current) => ({ ...current, rowRules }))}
      />
      <Card
        size="small"
        title={
          <Space>
            <span>{t('tablePermission.columnsTitle')}</span>
            <Typography.Text type="secondary">
              {t('designer.columnCount', { count: columns.length })}
            </Typography.Text>
          </Space>
        }
        styles={{ body: { padding: 0 } }}
      >
        <DataTable<Column>
          size="small"
          rowKey={(column) => String(column.id)}
          dataSource={columns}
          pagination={false}
          scroll={{ y: 'calc(100vh - 460px)' }}
          locale={{ emptyText: <Empty description={t('designer.noColumns')} /> }}
          columns={[
            {
              key: 'order',
              title: t('columns.order'),
              width: 64,
              align: 'center',
              render: (_value, _column, index) => index + 1,
            },
            {
              key: 'caption',
              title: t('columns.caption'),
              render: (_value, column) => caption(column),
            },
            {
              key: 'name',
              title: t('columns.name'),
              render: (_value, column) => <Typography.Text code>{column.name}</Typography.Text>,
            },
            {
              key: 'dataType',
              title: t('columns.dataType'),
              width: 140,
              render: (_value, column) => <Tag bordered={false}>{column.dataType}</Tag>,
            },
            ...GRANT_FIELDS.map((field) => ({
              key: field,
              title: grantHeader(field),
              width: 120,
              align: 'center' as const,
              render: (_value: unknown, column: Column) => {
                const id = column.id as number;
                const locked = field === 'read' && keyIds.has(id);
                const box = (
                  <Checkbox
                    checked={Boolean(draft.columns[id]?.[field])}
                    disabled={locked}
                    aria-label={`${t(`tablePermission.grant.${field}`)} ${column.name}`}
                    onChange={(event) =>
                      setDraft((current) => withGrant(current, id, field, event.target.checked))
                    }
                  />
                );
                return locked ? <Tooltip title={t('tablePermission.keyAlwaysRead')}>{box}</Tooltip> : box;
              },
            })),
          ]}
        />
      </Card>
      <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
        <Typography.Text type={changed ? 'warning' : 'secondary'}>
          {changed ? t('tablePermission.unsaved') : t('tablePermission.upToDate')}
        </Typography.Text>
        <Space>
          <Button disabled={!changed || saving} onClick={() => setDraft(initial)}>
            {t('buttons.undo')}
          </Button>
          <Tooltip title={t('tablePermission.saveShortcut')}>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
              {t('buttons.save')}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
    </Flex>
  );
};

/** `metadata/tables/:id/tablePermission`: what a role may do with a table and each of its columns. */
export const TablePermissionPage = () => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { id } = useParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { dataSource } = useCurrentDataSource();
  const paths = tablePaths(dataSource);
  const table = useMetadataRecord<Table>('tables', id);
  const provider = useDataProvider();
  const [roleId, setRoleId] = useState<number | undefined>();
  const dirty = useRef(false);
  useLeaveGuard(dirty, t('warnWhenUnsavedChanges'));
  const confirmDiscard = useDiscardConfirm();

  const roles = useQuery({
    queryKey: ['business', dataSource, 'role', 'tablePermission-roles'],
    queryFn: ({ signal }) => listRoles(provider(), signal),
    gcTime: 0,
  });
  const tableId = table.data?.id;
  const record = useQuery({
    queryKey: ['business', dataSource, 'tablePermission', tableId, roleId],
    queryFn: ({ signal }) =>
      getTablePermission(provider(), { dataSource, tableId: tableId as number }, roleId as number, signal),
    enabled: tableId !== undefined && roleId !== undefined,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const pickRole = (next: number) => {
    if (next === roleId) return;
    confirmDiscard(Boolean(dirty.current), t('tablePermission.switchConfirm'), () => {
      dirty.current = false;
      setRoleId(next);
    });
  };

  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: paths.list },
    ...(id ? [{ title: t('screens.tableEdit'), path: paths.edit(id) }] : []),
  ];
  if (table.isPending) return <PageSpin />;
  if (table.isError) {
    return (
      <LoadFailed
        title={t('screens.tablePermission')}
        breadcrumb={breadcrumb}
        error={table.error}
        onRetry={() => void table.refetch()}
      />
    );
  }
  const stored = table.data;
  const role = roles.data?.find((option) => option.id === roleId);

  let body: React.ReactNode;
  if (roles.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('tablePermission.rolesFailed')}
        description={(roles.error as { message?: string } | null)?.message}
        action={<Button onClick={() => void roles.refetch()}>{t('metadataList.retry')}</Button>}
      />
    );
  } else if (roles.isPending) {
    body = <PageSpin />;
  } else if (roles.data.length === 0) {
    body = (
      <Card>
        <Empty description={t('tablePermission.noRoles')}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`${appPaths(dataSource).business('role')}/new`)}
          >
            {t('tablePermission.addRole')}
          </Button>
        </Empty>
      </Card>
    );
  } else if (roleId === undefined) {
    body = (
      <Card>
        <Empty
          image={<SafetyCertificateOutlined style={{ fontSize: 56, color: token.colorTextQuaternary }} />}
          description={t('tablePermission.pickRole')}
          style={{ padding: `${token.paddingLG}px 0` }}
        />
      </Card>
    );
  } else if (record.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('tablePermission.loadFailed')}
        description={(record.error as { message?: string } | null)?.message}
        action={<Button onClick={() => void record.refetch()}>{t('metadataList.retry')}</Button>}
      />
    );
  } else if (record.isPending || record.isFetching) {
    body = <PageSpin />;
  } else {
    body = (
      <>
        {!record.data && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: token.margin }}
            message={t('tablePermission.noRecord', { role: role?.name ?? '' })}
          />
        )}
        <PermissionEditor
          key={`${roleId}:${String(record.dataUpdatedAt)}`}
          table={stored}
          roleId={roleId}
          initial={toPermissionDraft(
            record.data,
            permissionTableName(stored.name, dataSource),
            stored.columns,
            stored,
          )}
          dirtyRef={dirty}
          onSaved={() => record.refetch()}
        />
      </>
    );
  }

  return (
    <PageContainer
      title={t('screens.tablePermission')}
      subTitle={captionOf(stored)}
      breadcrumb={breadcrumb}
      extra={
        <Button icon={<EditOutlined />} onClick={() => void navigate(paths.edit(stored.id as number))}>
          {t('indexes.editTable')}
        </Button>
      }
    >
      <Flex vertical gap={token.margin}>
        <Card size="small">
          <Flex align="center" gap={token.marginSM} wrap>
            <Typography.Text strong>{t('tablePermission.role')}</Typography.Text>
            <Select<number>
              aria-label={t('tablePermission.role')}
              style={{ minWidth: 280 }}
              showSearch
              optionFilterProp="label"
              placeholder={t('tablePermission.pickRole')}
              loading={roles.isPending}
              value={roleId}
              options={(roles.data ?? []).map((option) => ({
                value: option.id,
                label: t('tablePermission.roleOption', { name: option.name, code: option.code }),
              }))}
              onChange={pickRole}
            />
            <Typography.Text type="secondary">{t('tablePermission.immediate')}</Typography.Text>
          </Flex>
        </Card>
        {body}
      </Flex>
    </PageContainer>
  );
};
