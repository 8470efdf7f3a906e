import { ApartmentOutlined, CloudUploadOutlined, TableOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Radio, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Relation, Sequence } from '../../../contract';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { ImportDonePage } from '../../common/components/ImportDonePage';
import { ImportFailureAlert } from '../../common/components/ImportFailureAlert';
import { ImportFlowCard } from '../../common/components/ImportFlowCard';
import { MetadataBundlePreview } from '../components/MetadataBundlePreview';
import { PageContainer } from '../../common/components/PageContainer';
import { useAllMetadata } from '../../common/hooks/useAllMetadata';
import { useAllTables } from '../../common/hooks/useAllTables';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useImportFlow } from '../../common/hooks/useImportFlow';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import type { HttpError } from '../../common/lib/http-error';
import { conflictLines, parseMetadataBundle, previewBundle, type BundleParse } from '../lib/metadata-bundle';
import { tablePaths } from '../../common/lib/metadata-paths';
import { relationPaths } from '../../common/lib/metadata-tool-paths';
import { readFileText } from '../../common/lib/read-file-text';
import { importMetadataCall, type ImportTableMode } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string; lines: string[]; conflict: boolean };

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** A metadata file as read in the browser: its bundle, or why it is not one. */
const readBundle = async (file: File): Promise<BundleParse> => {
  try {
    return parseMetadataBundle(await readFileText(file));
  } catch {
    return { ok: false, error: 'unreadable' };
  }
};

/** 导入元数据 (`metadata/tables/import`): read a JSON file locally, preview it, then import it all or nothing. */
export const TableImportPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const invalidate = useInvalidateMetadata();
  const [confirming, setConfirming] = useState(false);
  const [tableMode, setTableMode] = useState<ImportTableMode>('asFile');

  const tables = useAllTables();
  const sequences = useAllMetadata<Sequence>('sequences');
  const relations = useAllMetadata<Relation>('tablerelations');
  const call = useCustomCall();
  const flow = useImportFlow<BundleParse, Outcome>({
    read: readBundle,
    run: async ({ read }) => {
      // (the import is offered only for a file that is a bundle)
      if (!read.ok) throw new Error(t(`metadataImport.errors.${read.error}`));
      await call(importMetadataCall(read.bundle, tableMode));
      return { kind: 'done' };
    },
    failed: (error) => {
      const failure = error as Partial<HttpError>;
      return {
        kind: 'failed',
        message: failure.message || t('metadataImport.failed'),
        lines: conflictLines(failure.errors),
        conflict: failure.statusCode === 409,
      };
    },
    settled: async (outcome) => {
      setConfirming(false);
      if (outcome.kind !== 'done') return;
      void message.success(t('metadataImport.success'));
      await Promise.all([invalidate('tables'), invalidate('sequences'), invalidate('tablerelations')]);
    },
  });
  const { chosen, outcome } = flow;
  const bundle = chosen?.read.ok ? chosen.read.bundle : null;
  const sections = useMemo(
    () =>
      bundle
        ? previewBundle(bundle, {
            tables: tables.data ?? [],
            sequences: sequences.data ?? [],
            relations: relations.data ?? [],
          })
        : [],
    [bundle, tables.data, sequences.data, relations.data],
  );
  const conflicts = sections.reduce((sum, section) => sum + section.conflicts, 0);
  const existingLoading = tables.isLoading || sequences.isLoading || relations.isLoading;
  const count = (kind: string) => sections.find((s) => s.kind === kind)?.items.length ?? 0;
  const counts = {
    tables: count('tables'),
    sequences: count('sequences'),
    relations: count('relations'),
    layouts: count('layouts'),
  };

  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: tablePaths(dataSource).list },
  ];

  if (outcome?.kind === 'done') {
    return (
      <ImportDonePage
        title={t('screens.tableImport')}
        breadcrumb={breadcrumb}
        heading={t('metadataImport.success')}
        summary={t('metadataImport.summary', counts)}
        actions={
          <>
            <Button
              type="primary"
              icon={<TableOutlined />}
              onClick={() => void navigate(tablePaths(dataSource).list)}
            >
              {t('screens.tables')}
            </Button>
            <Button
              icon={<ApartmentOutlined />}
              onClick={() => void navigate(relationPaths(dataSource).graph)}
            >
              {t('relations.viewGraph')}
            </Button>
            <Button onClick={flow.reset}>{t('metadataImport.another')}</Button>
          </>
        }
      />
    );
  }

  return (
    <PageContainer title={t('screens.tableImport')} breadcrumb={breadcrumb}>
      <ImportFlowCard
        flow={flow}
        accept=".json,application/json"
        texts={{
          choose: t('metadataImport.choose'),
          chooseHint: t('metadataImport.chooseHint'),
          file: t('metadataImport.file'),
        }}
        fileNote={(file) => <Typography.Text type="secondary">（{sizeText(file.size)}）</Typography.Text>}
      >
        {chosen && !chosen.read.ok && (
          <Alert type="error" showIcon message={t(`metadataImport.errors.${chosen.read.error}`)} />
        )}

        {outcome?.kind === 'failed' && (
          <ImportFailureAlert
            title={outcome.conflict ? t('metadataImport.conflictTitle') : t('metadataImport.failed')}
            message={outcome.message}
          >
            {outcome.lines.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {outcome.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </ImportFailureAlert>
        )}

        {bundle && (
          <>
            {conflicts > 0 && !existingLoading && (
              <Alert
                type="warning"
                showIcon
                message={t('metadataImport.conflictsFound', { count: conflicts })}
              />
            )}
            <MetadataBundlePreview sections={sections} />
            {counts.tables > 0 && (
              <Flex vertical gap={token.marginXS}>
                <Typography.Text strong id="import-table-mode">
                  {t('metadataImport.tableMode')}
                </Typography.Text>
                <Radio.Group
                  aria-labelledby="import-table-mode"
                  value={tableMode}
                  onChange={(event) => setTableMode(event.target.value as ImportTableMode)}
                  options={(['asFile', 'create', 'attach'] as const).map((mode) => ({
                    value: mode,
                    label: t(`metadataImport.tableModes.${mode}`),
                  }))}
                />
                <Typography.Text type="secondary">{t('metadataImport.tableModeHint')}</Typography.Text>
              </Flex>
            )}
            <Flex gap={token.marginSM}>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                loading={flow.running}
                onClick={() => setConfirming(true)}
              >
                {t('metadataImport.submit')}
              </Button>
              <Button onClick={flow.clear}>{t('metadataImport.clear')}</Button>
            </Flex>
          </>
        )}
      </ImportFlowCard>
      <ConfirmDialog
        open={confirming}
        title={t('metadataImport.confirm')}
        okText={t('metadataImport.submit')}
        busy={flow.running}
        onOk={() => void flow.submit()}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Text>{t('metadataImport.summaryAsk', counts)}</Typography.Text>
      </ConfirmDialog>
    </PageContainer>
  );
};
