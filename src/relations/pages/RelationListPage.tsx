import { ApartmentOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ColumnRef, Relation, RelationType, TableRef } from '../../../contract';
import { DeleteConfirmDialog } from '../../shared/components/DeleteConfirmDialog';
import { ListScaffold } from '../../shared/components/ListScaffold';
import { useInvalidateMetadata } from '../../shared/hooks/useInvalidateMetadata';
import { useListDelete } from '../../shared/hooks/useListDelete';
import { useMetadataListController } from '../../shared/hooks/useMetadataListController';
import { relationPaths } from '../../shared/lib/metadata-tool-paths';

const TYPE_COLORS: Record<RelationType, string> = {
  OneToMany: 'green',
  ManyToOne: 'blue',
  OneToOneMainToSub: 'gold',
  OneToOneSubToMain: 'purple',
};

/** One end of a relation: the table (caption, else name) and its column. */
const End = ({ table, column }: { table?: TableRef; column?: ColumnRef }) => {
  const named = Boolean(table?.caption && table.caption !== table.name);
  return (
    <span>
      <Typography.Text strong>{named ? table?.caption : (table?.name ?? '?')}</Typography.Text>
      <Typography.Text type="secondary">
        {named ? ` ${table?.name ?? ''}` : ''}.{column?.name ?? '?'}
      </Typography.Text>
    </span>
  );
};

/** 表关系 (`metadata/relations`): search, edit, delete and batch delete, and the way to the graph. */
export const RelationListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMetadataListController<Relation>('tablerelations');
  const invalidate = useInvalidateMetadata();
  const paths = relationPaths(list.dataSource);
  const deletion = useListDelete({
    resource: 'tablerelations',
    onDeleted: async (ids) => {
      list.unselect(ids.map(String));
      await invalidate('tablerelations');
    },
  });

  const columns: TableColumnsType<Relation> = [
    {
      title: t('relations.fields.name'),
      dataIndex: 'name',
      width: 150,
      fixed: 'left',
      render: (name: string, row) => <Link to={paths.edit(row.id as number)}>{name}</Link>,
    },
    { title: t('relations.fields.caption'), dataIndex: 'caption', width: 130, ellipsis: true },
    {
      title: t('relations.fields.relationType'),
      dataIndex: 'relationType',
      width: 120,
      render: (type: RelationType) => <Tag color={TYPE_COLORS[type]}>{t(`enums.relationType.${type}`)}</Tag>,
    },
    {
      title: t('relations.ends'),
      key: 'ends',
      render: (_: unknown, row) => (
        <Space size={6} wrap>
          <End table={row.fromTable} column={row.fromColumn} />
          <ArrowRightOutlined aria-label="→" style={{ opacity: 0.6 }} />
          <End table={row.toTable} column={row.toColumn} />
        </Space>
      ),
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
                onClick={() => deletion.ask([row.id as number], false, row.caption || row.name)}
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
      <ListScaffold<Relation>
        title={t('screens.relations')}
        breadcrumb={[{ title: t('menu.metadata') }]}
        list={list}
        columns={columns}
        scrollX={960}
        toolbar={
          <>
            <Button icon={<ApartmentOutlined />} onClick={() => void navigate(paths.graph)}>
              {t('relations.viewGraph')}
            </Button>
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
