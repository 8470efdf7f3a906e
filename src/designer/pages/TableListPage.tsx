import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Table } from '../../../contract';
import { DeleteConfirmDialog } from '../../common/components/DeleteConfirmDialog';
import { ListScaffold } from '../../common/components/ListScaffold';
import { TableListTools } from '../components/TableListTools';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import { useListDelete } from '../../common/hooks/useListDelete';
import { useMetadataListController } from '../../common/hooks/useMetadataListController';
import { formatDateTime } from '../../common/lib/date-time';
import { deletableTables } from '../lib/deletable-tables';
import { tablePaths } from '../../common/lib/metadata-paths';
import { useCaption } from '../../common/hooks/useCaption';

/** 表管理 (`metadata/tables`): search, per-row actions, batch delete; system tables are never deleted. */
export const TableListPage = () => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useMetadataListController<Table>('tables');
  const invalidate = useInvalidateMetadata();
  const paths = tablePaths(list.dataSource);
  const deletion = useListDelete({
    resource: 'tables',
    onDeleted: async (ids) => {
      list.unselect(ids.map(String));
      // The side menu, the home page and open business lists know the tables too.
      await invalidate('tables');
    },
  });

  const batchDelete = () => {
    const { ids, skipped } = deletableTables(list.selectedRows);
    if (ids.length === 0) {
      void message.warning(t('tableList.systemTableNoDelete'));
      return;
    }
    if (skipped > 0) void message.info(t('tableList.systemTablesSkipped', { count: skipped }));
    deletion.ask(ids, true);
  };

  const columns: TableColumnsType<Table> = [
    {
      title: t('tableList.name'),
      dataIndex: 'name',
      width: 150,
      fixed: 'left',
      render: (name: string, row) => (
        <Space size={4} wrap>
          <Link to={paths.edit(row.id as number)}>{name}</Link>
          {row.systemable && <Tag color="default">{t('tableList.system')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('tableList.caption'),
      dataIndex: 'caption',
      width: 130,
      ellipsis: true,
      render: (_: unknown, row: Table) => caption(row),
    },
    { title: t('tableList.tableName'), dataIndex: 'tableName', width: 140, ellipsis: true },
    {
      title: t('tableList.engine'),
      dataIndex: 'engine',
      width: 80,
      render: (engine?: string | null) => engine || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('tableList.columnCount'),
      key: 'columns',
      width: 72,
      align: 'right',
      render: (_: unknown, row) => row.columns?.length ?? 0,
    },
    {
      title: t('tableList.createdDate'),
      dataIndex: 'createdDate',
      width: 160,
      render: (value?: number) => formatDateTime(value),
    },
    {
      title: t('metadataList.actions'),
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_: unknown, row) => {
        const id = row.id as number;
        return (
          <Space size={0} wrap={false}>
            {list.canWrite && (
              <>
                <Button type="link" size="small" onClick={() => void navigate(paths.edit(id))}>
                  {t('buttons.edit')}
                </Button>
                <Button type="link" size="small" onClick={() => void navigate(paths.indexes(id))}>
                  {t('tableList.indexes')}
                </Button>
                <Button type="link" size="small" onClick={() => void navigate(paths.formBuilder(id))}>
                  {t('tableList.formBuilder')}
                </Button>
                <Button type="link" size="small" onClick={() => void navigate(paths.permission(id))}>
                  {t('tableList.permission')}
                </Button>
                <Tooltip title={row.systemable ? t('tableList.systemTableTip') : undefined}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={Boolean(row.systemable)}
                    aria-label={`${t('buttons.delete')} ${row.name}`}
                    onClick={() =>
                      deletion.ask([id], false, row.caption ? `${row.caption} (${row.name})` : row.name)
                    }
                  >
                    {t('buttons.delete')}
                  </Button>
                </Tooltip>
              </>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ListScaffold<Table>
        title={t('screens.tables')}
        breadcrumb={[{ title: t('menu.metadata') }]}
        list={list}
        columns={columns}
        scrollX={1064}
        toolbar={
          <>
            <TableListTools
              selected={list.selectedRows}
              dataSource={list.dataSource}
              canWrite={list.canWrite}
            />
            {list.canWrite && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={list.selected.size === 0}
                onClick={batchDelete}
              >
                {t('metadataList.batchDelete')}
              </Button>
            )}
            {list.canWrite && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.create)}>
                {t('metadataList.add')}
              </Button>
            )}
          </>
        }
      />
      <DeleteConfirmDialog {...deletion.dialogProps} dropSwitch />
    </>
  );
};
