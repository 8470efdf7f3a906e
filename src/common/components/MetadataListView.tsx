import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { ListScaffold } from './ListScaffold';
import { useInvalidateMetadata } from '../hooks/useInvalidateMetadata';
import { useListDelete } from '../hooks/useListDelete';
import { useMetadataListController } from '../hooks/useMetadataListController';
import type { MetadataResource } from '../hooks/useMetadataRecord';

/** A listed metadata record: its id, and the name its delete button names. */
export interface MetadataRow {
  id?: number;
  name?: string;
}

/** The routes the list leads to, in the current data source. */
export interface MetadataListPaths {
  create: string;
  edit: (id: number) => string;
}

export interface MetadataListViewProps<T extends MetadataRow> {
  /** The metadata resource listed, on the `metadata` data provider. */
  resource: Exclude<MetadataResource, 'tables'>;
  /** The screen's title (translated). */
  title: string;
  paths: MetadataListPaths;
  /** The data columns; the view adds the actions column (编辑, 删除) after them. */
  columns: TableColumnsType<T>;
  /** How a row's own delete names the row in the confirmation. */
  deleteLabel: (row: T) => string | undefined;
  /** Buttons before 批量删除 and 添加, shown to readers too. */
  tools?: ReactNode;
  /** Width the table scrolls at. */
  scrollX: number;
}

/**
 * The list screen of a metadata kind with one shape (sequences, relations): the list controller,
 * keyword search and paging (`ListScaffold`), 编辑 and 删除 per row and 批量删除 / 添加 above the
 * list for users who may change metadata, deletes confirmed and sent through Refine
 * (`useListDelete`), then the resource refreshed wherever it shows.
 */
export const MetadataListView = <T extends MetadataRow>({
  resource,
  title,
  paths,
  columns,
  deleteLabel,
  tools,
  scrollX,
}: MetadataListViewProps<T>) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMetadataListController<T>(resource);
  const invalidate = useInvalidateMetadata();
  const deletion = useListDelete({
    resource,
    onDeleted: async (ids) => {
      list.unselect(ids.map(String));
      await invalidate(resource);
    },
  });

  const actions: TableColumnsType<T>[number] = {
    title: t('metadataList.actions'),
    key: 'actions',
    width: 120,
    fixed: 'right',
    render: (_: unknown, row: T) => (
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
              onClick={() => deletion.ask([row.id as number], false, deleteLabel(row))}
            >
              {t('buttons.delete')}
            </Button>
          </>
        )}
      </Space>
    ),
  };

  return (
    <>
      <ListScaffold<T>
        title={title}
        breadcrumb={[{ title: t('menu.metadata') }]}
        list={list}
        columns={[...columns, actions]}
        scrollX={scrollX}
        toolbar={
          <>
            {tools}
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
