import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Sequence } from '../../contract';
import { MetadataListView } from '../common/components/MetadataListView';
import { formatDateTime } from '../common/lib/date-time';
import { sequencePaths } from '../common/lib/metadata-paths';
import { useCurrentDataSource } from '../store/useCurrentDataSource';

/** 序列号管理 (`metadata/sequences`): search, edit, delete and batch delete. */
export const SequenceListPage = () => {
  const { t } = useTranslation();
  const paths = sequencePaths(useCurrentDataSource().dataSource);
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
  ];

  return (
    <MetadataListView<Sequence>
      resource="sequences"
      title={t('screens.sequences')}
      paths={paths}
      columns={columns}
      deleteLabel={(row) => row.name}
      scrollX={1100}
    />
  );
};
