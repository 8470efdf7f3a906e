import { ApartmentOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ColumnRef, Relation, RelationType, TableRef } from '../../../contract';
import { MetadataListView } from '../../common/components/MetadataListView';
import { relationPaths } from '../../common/lib/metadata-tool-paths';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useCaption } from '../../common/hooks/useCaption';
import { useRegisteredTables } from '../../resources/useRegisteredTables';

const TYPE_COLORS: Record<RelationType, string> = {
  OneToMany: 'green',
  ManyToOne: 'blue',
  OneToOneMainToSub: 'gold',
  OneToOneSubToMain: 'purple',
};

/** One end of a relation: the table (caption in the UI language, else name) and its column. */
const End = ({ table, column }: { table?: TableRef; column?: ColumnRef }) => {
  const captionOf = useCaption();
  const { tables } = useRegisteredTables();
  const known = tables.find(
    (one) => (table?.id !== undefined && one.id === table.id) || one.name === table?.name,
  );
  const caption = known ? captionOf(known) : table?.caption;
  const named = Boolean(caption && caption !== table?.name);
  return (
    <span>
      <Typography.Text strong>{named ? caption : (table?.name ?? '?')}</Typography.Text>
      <Typography.Text type="secondary">
        {named ? ` ${table?.name ?? ''}` : ''}.{column?.name ?? '?'}
      </Typography.Text>
    </span>
  );
};

/** 表关系 (`metadata/relations`): search, edit, delete and batch delete, and the way to the graph. */
export const RelationListPage = () => {
  const { t } = useTranslation();
  const caption = useCaption();
  const navigate = useNavigate();
  const paths = relationPaths(useCurrentDataSource().dataSource);

  const columns: TableColumnsType<Relation> = [
    {
      title: t('relations.fields.name'),
      dataIndex: 'name',
      width: 150,
      fixed: 'left',
      render: (name: string, row) => <Link to={paths.edit(row.id as number)}>{name}</Link>,
    },
    {
      title: t('relations.fields.caption'),
      dataIndex: 'caption',
      width: 130,
      ellipsis: true,
      render: (_: unknown, row: Relation) => caption(row),
    },
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
  ];

  return (
    <MetadataListView<Relation>
      resource="tablerelations"
      title={t('screens.relations')}
      paths={paths}
      columns={columns}
      deleteLabel={(row) => caption(row)}
      scrollX={960}
      tools={
        <Button icon={<ApartmentOutlined />} onClick={() => void navigate(paths.graph)}>
          {t('relations.viewGraph')}
        </Button>
      }
    />
  );
};
