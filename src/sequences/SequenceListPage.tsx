import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Sequence } from '../../contract';
import { DeleteConfirmDialog } from '../shared/components/DeleteConfirmDialog';
import { ListScaffold } from '../shared/components/ListScaffold';
import { useInvalidateMetadata } from '../shared/hooks/useInvalidateMetadata';
import { useListDelete } from '../shared/hooks/useListDelete';
import { useMetadataListController } from '../shared/hooks/useMetadataListController';
import { formatDateTime } from '../shared/lib/date-time';
import { sequencePaths } from '../shared/lib/metadata-paths';

/** 序列号管理 (`metadata/sequences`): search, edit, delete and batch delete. */
export const SequenceListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMetadataListController<Sequence>('sequences');
  const invalidate = useInvalidateMetadata();
  const paths = sequencePaths(list.dataSource);
  const deletion = useListDelete({
    resource: 'sequences',
    onDeleted: async (ids) => {
      list.unselect(ids.map(String));
      await invalidate('sequences');
    },
  });
  const yesNo = (value?: boolean) => (value ? t('common.yes') : t('common.no'));

  const columns: TableColumnsType<Sequence> = [
    {
      title: t('sequences.fields.name'),
      dataIndex: 'name',
      width: 140,
      fixed: 'left',
      render: (name: string, row) => <Link to={paths.edit(row.id as number)}>{name}</Link>,
    },
    { title: t('sequences.fields.caption'), dataIndex: 'caption', width: 130, ellipsis: true },
    {
      title: t('sequences.fields.sequenceType'),
      dataIndex: 'sequenceType',
      width: 80,
      render: (type: Sequence['sequenceType']) => <Tag>{t(`enums.sequenceType.${type}`)}</Tag>,
    },
    { title: t('sequences.fields.currentTime'), dataIndex: 'currentTime', width: 70, render: yesNo },
    { title: t('sequences.fields.format'), dataIndex: 'format', width: 140, ellipsis: true },
    { title: t('sequences.fields.nextValue'), dataIndex: 'nextValue', width: 100, align: 'right' },
    { title: t('sequences.fields.incrementBy'), dataIndex: 'incrementBy', width: 64, align: 'right' },
    { title: t('sequences.fields.cycle'), dataIndex: 'cycle', width: 64, render: yesNo },
    {
      title: t('sequences.createdDate'),
      dataIndex: 'createdDate',
      width: 160,
      render: (value?: number) => formatDateTime(value),
    },
    {
      title: t('metadataList.actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {list.canWrite && (
            <>
              <Button type="link" size="small" onClick={() => void navigate(paths.edit(row.id as number))}>
                {t('buttons.edit')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                aria-label={`${t('buttons.delete')} ${row.name}`}
                onClick={() => deletion.ask([row.id as number], false, row.name)}
              >
                {t('buttons.delete')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListScaffold<Sequence>
        title={t('screens.sequences')}
        breadcrumb={[{ title: t('menu.metadata') }]}
        list={list}
        columns={columns}
        scrollX={1100}
        toolbar={
          <>
            {list.canWrite && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={list.selected.size === 0}
                onClick={() =>
                  deletion.ask(
                    list.selectedRows.map((row) => row.id as number),
                    true,
                  )
                }
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
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
};
