import { EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Segmented, Space, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findLayout, type FormLayoutType } from '../../business/lib/business-meta';
import { useCaption } from '../../common/hooks/useCaption';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import type { FormBuilderController } from '../hooks/useFormBuilder';
import { LAYOUT_TYPES } from '../lib/layout-builder';
import { LayoutEditor } from './LayoutEditor';

/**
 * The form builder's view over its controller (`useFormBuilder`): the table's title and links,
 * the device and layout pickers, and the open layout (`LayoutEditor`), with the loading and
 * failure states of the table and of its layouts.
 */
export const FormBuilderView = ({ builder }: { builder: FormBuilderController }) => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { id, paths, table, layouts, type } = builder;

  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: paths.list },
    ...(id ? [{ title: t('screens.tableEdit'), path: paths.edit(id) }] : []),
  ];
  if (table.isPending) return <PageSpin />;
  if (table.isError) {
    return (
      <LoadFailed
        title={t('screens.tableFormBuilder')}
        breadcrumb={breadcrumb}
        error={table.error}
        onRetry={() => void table.refetch()}
      />
    );
  }
  const current = table.data;

  let body: ReactNode;
  if (layouts.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('layoutBuilder.loadFailed')}
        description={(layouts.error as { message?: string } | null)?.message}
        action={<Button onClick={() => void layouts.refetch()}>{t('metadataList.retry')}</Button>}
      />
    );
  } else if (layouts.isPending || layouts.isFetching) {
    body = <PageSpin />;
  } else {
    const stored = findLayout(layouts.data, type);
    body = (
      <LayoutEditor
        key={`${type}:${String(layouts.dataUpdatedAt)}`}
        table={current}
        type={type}
        stored={stored}
        dirtyRef={builder.dirty}
        onSaved={() => layouts.refetch()}
      />
    );
  }

  return (
    <PageContainer
      title={t('screens.tableFormBuilder')}
      subTitle={captionOf(current)}
      breadcrumb={breadcrumb}
      extra={
        <Space wrap>
          <Button
            icon={<UnorderedListOutlined />}
            onClick={() => void navigate(builder.businessPath(current.name))}
          >
            {t('layoutBuilder.openList')}
          </Button>
          <Button icon={<EditOutlined />} onClick={() => void navigate(paths.edit(current.id as number))}>
            {t('indexes.editTable')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={token.margin}>
        <Card size="small">
          <Flex align="center" gap={token.marginLG} wrap>
            <Space>
              <Typography.Text strong>{t('layoutBuilder.device')}</Typography.Text>
              <Segmented
                aria-label={t('layoutBuilder.device')}
                value="pc"
                options={[{ value: 'pc', label: t('layoutBuilder.devices.pc') }]}
              />
            </Space>
            <Segmented<FormLayoutType>
              aria-label={t('screens.tableFormBuilder')}
              value={type}
              options={LAYOUT_TYPES.map((value) => ({ value, label: t(`layoutBuilder.types.${value}`) }))}
              onChange={builder.pickType}
            />
          </Flex>
        </Card>
        {body}
      </Flex>
    </PageContainer>
  );
};
