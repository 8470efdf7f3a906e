import { SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Sequence } from '../../contract';
import { LoadFailed } from '../shared/components/LoadFailed';
import { PageContainer } from '../shared/components/PageContainer';
import { PageSpin } from '../shared/components/PageSpin';
import { SequenceForm } from './SequenceForm';
import { useInvalidateMetadata } from '../shared/hooks/useInvalidateMetadata';
import { useIssueText } from '../shared/hooks/useIssueText';
import { useMetadataRecord } from '../shared/hooks/useMetadataRecord';
import { useMetadataSave } from '../shared/hooks/useMetadataSave';
import type { HttpError } from '../shared/lib/http-error';
import { sequencePaths } from '../shared/lib/metadata-paths';
import {
  buildSequencePayload,
  newSequenceDraft,
  toSequenceDraft,
  validateSequence,
  type SequenceDraft,
} from './sequence-form';
import { useCurrentDataSource } from '../store/useCurrentDataSource';

const SequenceEditor = ({ stored }: { stored?: Sequence }) => {
  const isNew = stored?.id === undefined;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const paths = sequencePaths(dataSource);
  const invalidate = useInvalidateMetadata();
  const saveSequence = useMetadataSave<Sequence>('sequences');
  const { texts } = useIssueText();
  const [draft, setDraft] = useState<SequenceDraft>(() =>
    stored ? toSequenceDraft(stored) : newSequenceDraft(),
  );
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const issues = useMemo(() => validateSequence(draft), [draft]);
  const shown = attempted
    ? issues
    : Object.fromEntries(Object.entries(issues).filter(([, i]) => i.key !== 'required'));
  const errors = { ...serverErrors, ...texts(shown) };

  const save = async () => {
    setAttempted(true);
    if (Object.keys(issues).length > 0 || saving) return;
    setSaving(true);
    try {
      const payload = buildSequencePayload(draft);
      await saveSequence(payload, isNew ? undefined : (stored.id as number));
      void message.success(isNew ? t('designer.createSuccess') : t('designer.updateSuccess'));
      await invalidate('sequences');
      void navigate(paths.list);
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setServerErrors(failure.errors ?? {});
      void message.error({ content: failure.message || t('designer.saveFailed'), key: 'sequence-errors' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageContainer
      title={isNew ? t('screens.sequenceNew') : t('screens.sequenceEdit')}
      subTitle={isNew ? undefined : stored.caption || stored.name}
      breadcrumb={[{ title: t('menu.metadata') }, { title: t('screens.sequences'), path: paths.list }]}
    >
      <Card>
        <SequenceForm
          value={draft}
          errors={errors}
          onSubmit={() => void save()}
          onChange={(patch) => {
            setDraft((current) => ({ ...current, ...patch }));
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

/** `metadata/sequences/new` and `metadata/sequences/:id`. */
export const SequenceFormPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const { dataSource } = useCurrentDataSource();
  const sequence = useMetadataRecord<Sequence>('sequences', id);
  if (!id) return <SequenceEditor />;
  if (sequence.isPending) return <PageSpin />;
  if (sequence.isError) {
    return (
      <LoadFailed
        title={t('screens.sequenceEdit')}
        breadcrumb={[
          { title: t('menu.metadata') },
          { title: t('screens.sequences'), path: sequencePaths(dataSource).list },
        ]}
        error={sequence.error}
        onRetry={() => void sequence.refetch()}
      />
    );
  }
  return <SequenceEditor key={String(sequence.data.id)} stored={sequence.data} />;
};
