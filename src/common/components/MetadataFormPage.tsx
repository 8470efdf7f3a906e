import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from './LoadFailed';
import { PageContainer } from './PageContainer';
import { PageSpin } from './PageSpin';
import type { MetadataEditor, MetadataFormScreen } from '../hooks/useMetadataEditor';
import { useMetadataRecord } from '../hooks/useMetadataRecord';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useCaption } from '../hooks/useCaption';
import type { Captions } from '../../../contract';

/** A stored metadata record as its form's title names it. */
interface Named {
  id?: number;
  name?: string;
  caption?: string;
  captions?: Captions | null;
}

export interface MetadataFormPageProps<T extends Named> {
  screen: MetadataFormScreen;
  /** The form over a new record (no `stored`) or a stored one. */
  Editor: ComponentType<{ stored?: T }>;
}

/**
 * `…/new` and `…/:id` of a metadata kind: a new record's form at once; a stored one is read by id
 * through Refine (`useMetadataRecord`, `useOne`), with the spinner meanwhile and the failure with
 * 重试 on the page. The form starts afresh for each record.
 */
export const MetadataFormPage = <T extends Named>({ screen, Editor }: MetadataFormPageProps<T>) => {
  const { t } = useTranslation();
  const { id } = useParams();
  const { dataSource } = useCurrentDataSource();
  const record = useMetadataRecord<T>(screen.resource, id);
  if (!id) return <Editor />;
  if (record.isPending) return <PageSpin />;
  if (record.isError) {
    return (
      <LoadFailed
        title={t(screen.titles.edit)}
        breadcrumb={[
          { title: t('menu.metadata') },
          { title: t(screen.titles.list), path: screen.listPath(dataSource) },
        ]}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }
  return <Editor key={String(record.data.id)} stored={record.data} />;
};

export interface MetadataFormFrameProps<D> {
  screen: MetadataFormScreen;
  form: MetadataEditor<D>;
  /** The stored record, named under the title. */
  stored?: Named;
  /** Notices and the form's inputs. */
  children: ReactNode;
}

/** The frame of a metadata form: title and breadcrumb, the inputs in a card, 保存 and 取消. */
export const MetadataFormFrame = <D,>({ screen, form, stored, children }: MetadataFormFrameProps<D>) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const caption = useCaption();
  return (
    <PageContainer
      title={form.isNew ? t(screen.titles.create) : t(screen.titles.edit)}
      subTitle={form.isNew || !stored ? undefined : caption({ ...stored, name: stored.name ?? '' })}
      breadcrumb={[{ title: t('menu.metadata') }, { title: t(screen.titles.list), path: form.listPath }]}
    >
      <Card>
        {children}
        <Space>
          <Button type="primary" icon={<SaveOutlined />} loading={form.saving} onClick={form.submit}>
            {t('buttons.save')}
          </Button>
          <Button onClick={() => void navigate(form.listPath)}>{t('buttons.cancel')}</Button>
        </Space>
      </Card>
    </PageContainer>
  );
};
