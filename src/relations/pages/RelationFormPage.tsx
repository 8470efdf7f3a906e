import { SaveOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Relation } from '../../../contract';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { PageContainer } from '../../shared/components/PageContainer';
import { PageSpin } from '../../shared/components/PageSpin';
import { RelationForm } from '../components/RelationForm';
import { useAllTables } from '../../shared/hooks/useAllTables';
import { useInvalidateMetadata } from '../../shared/hooks/useInvalidateMetadata';
import { useIssueText } from '../../shared/hooks/useIssueText';
import { useMetadataRecord } from '../../shared/hooks/useMetadataRecord';
import { useMetadataSave } from '../../shared/hooks/useMetadataSave';
import type { HttpError } from '../../shared/lib/http-error';
import { relationPaths } from '../../shared/lib/metadata-tool-paths';
import {
  buildRelationPayload,
  newRelationDraft,
  patchRelationDraft,
  relationServerErrors,
  suggestColumns,
  toRelationDraft,
  validateRelation,
  type RelationDraft,
} from '../lib/relation-form';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

const FORM_FIELDS = new Set<string>([
  'name',
  'caption',
  'description',
  'relationType',
  'fromTableId',
  'fromColumnId',
  'toTableId',
  'toColumnId',
]);

const RelationEditor = ({ stored }: { stored?: Relation }) => {
  const isNew = stored?.id === undefined;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const paths = relationPaths(dataSource);
  const invalidate = useInvalidateMetadata();
  const saveRelation = useMetadataSave<Relation>('tablerelations');
  const { texts } = useIssueText();
  const tablesQuery = useAllTables();
  const tables = useMemo(() => tablesQuery.data ?? [], [tablesQuery.data]);
  const [draft, setDraft] = useState<RelationDraft>(() =>
    stored ? toRelationDraft(stored) : newRelationDraft(),
  );
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const issues = useMemo(() => validateRelation(draft, tables), [draft, tables]);
  const shown = attempted
    ? issues
    : Object.fromEntries(Object.entries(issues).filter(([, i]) => i.key !== 'required'));
  const errors = { ...serverErrors, ...texts(shown) };
  const otherErrors = Object.entries(serverErrors).filter(([field]) => !FORM_FIELDS.has(field));

  const save = async () => {
    setAttempted(true);
    if (Object.keys(issues).length > 0 || saving) return;
    setSaving(true);
    try {
      const payload = buildRelationPayload(draft);
      await saveRelation(payload, isNew ? undefined : (stored.id as number));
      void message.success(isNew ? t('designer.createSuccess') : t('designer.updateSuccess'));
      await invalidate('tablerelations');
      void navigate(paths.list);
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setServerErrors(relationServerErrors(failure.errors));
      void message.error({ content: failure.message || t('designer.saveFailed'), key: 'relation-errors' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageContainer
      title={isNew ? t('screens.relationNew') : t('screens.relationEdit')}
      subTitle={isNew ? undefined : stored.caption || stored.name}
      breadcrumb={[{ title: t('menu.metadata') }, { title: t('screens.relations'), path: paths.list }]}
    >
      <Card>
        {tablesQuery.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('relations.tablesLoadFailed')}
            description={(tablesQuery.error as { message?: string }).message}
            action={
              <Button size="small" onClick={() => void tablesQuery.refetch()}>
                {t('metadataList.retry')}
              </Button>
            }
          />
        )}
        {otherErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={otherErrors.map(([field, text]) => `${field}: ${text}`).join('；')}
          />
        )}
        <RelationForm
          value={draft}
          tables={tables}
          tablesLoading={tablesQuery.isLoading}
          errors={errors}
          onSubmit={() => void save()}
          onChange={(patch) => {
            setDraft((current) => suggestColumns(patchRelationDraft(current, patch), tables));
            setServerErrors((current) => {
              const next = { ...current };
              for (const field of Object.keys(patch)) delete next[field];
              return next;
            });
          }}
        />
        <Space>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
            {t('buttons.save')}
          </Button>
          <Button onClick={() => void navigate(paths.list)}>{t('buttons.cancel')}</Button>
        </Space>
      </Card>
    </PageContainer>
  );
};

/** `metadata/relations/new` and `metadata/relations/:id`. */
export const RelationFormPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const { dataSource } = useCurrentDataSource();
  const relation = useMetadataRecord<Relation>('tablerelations', id);
  if (!id) return <RelationEditor />;
  if (relation.isPending) return <PageSpin />;
  if (relation.isError) {
    return (
      <LoadFailed
        title={t('screens.relationEdit')}
        breadcrumb={[
          { title: t('menu.metadata') },
          { title: t('screens.relations'), path: relationPaths(dataSource).list },
        ]}
        error={relation.error}
        onRetry={() => void relation.refetch()}
      />
    );
  }
  return <RelationEditor key={String(relation.data.id)} stored={relation.data} />;
};
