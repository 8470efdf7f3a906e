import { ApartmentOutlined, CloudUploadOutlined, InboxOutlined, TableOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Radio, Result, Typography, Upload, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Relation, Sequence } from '../../../contract';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { MetadataBundlePreview } from '../components/MetadataBundlePreview';
import { PageContainer } from '../../common/components/PageContainer';
import { useAllMetadata } from '../../common/hooks/useAllMetadata';
import { useAllTables } from '../../common/hooks/useAllTables';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import type { HttpError } from '../../common/lib/http-error';
import { conflictLines, parseMetadataBundle, previewBundle, type BundleParse } from '../lib/metadata-bundle';
import { tablePaths } from '../../common/lib/metadata-paths';
import { relationPaths } from '../../common/lib/metadata-tool-paths';
import { readFileText } from '../../common/lib/read-file-text';
import { importMetadataCall, type ImportTableMode } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

interface ChosenFile {
  name: string;
  size: number;
  parsed: BundleParse;
}

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string; lines: string[]; conflict: boolean };

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** 导入元数据 (`metadata/tables/import`): read a JSON file locally, preview it, then import it all or nothing. */
export const TableImportPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const invalidate = useInvalidateMetadata();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [tableMode, setTableMode] = useState<ImportTableMode>('asFile');

  const tables = useAllTables();
  const sequences = useAllMetadata<Sequence>('sequences');
  const relations = useAllMetadata<Relation>('tablerelations');
  const call = useCustomCall();
  const bundle = file?.parsed.ok ? file.parsed.bundle : null;
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

  const read = async (chosen: File) => {
    setOutcome(null);
    try {
      const text = await readFileText(chosen);
      setFile({ name: chosen.name, size: chosen.size, parsed: parseMetadataBundle(text) });
    } catch {
      setFile({ name: chosen.name, size: chosen.size, parsed: { ok: false, error: 'unreadable' } });
    }
  };

  const submit = async () => {
    if (!bundle) return;
    setBusy(true);
    try {
      await call(importMetadataCall(bundle, tableMode));
      void message.success(t('metadataImport.success'));
      setConfirming(false);
      setOutcome({ kind: 'done' });
      await Promise.all([invalidate('tables'), invalidate('sequences'), invalidate('tablerelations')]);
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setConfirming(false);
      setOutcome({
        kind: 'failed',
        message: failure.message || t('metadataImport.failed'),
        lines: conflictLines(failure.errors),
        conflict: failure.statusCode === 409,
      });
    } finally {
      setBusy(false);
    }
  };

  const breadcrumb = [
    { title: t('menu.metadata') },
    { title: t('screens.tables'), path: tablePaths(dataSource).list },
  ];

  if (outcome?.kind === 'done') {
    return (
      <PageContainer title={t('screens.tableImport')} breadcrumb={breadcrumb}>
        <Card>
          <Result
            status="success"
            title={t('metadataImport.success')}
            subTitle={t('metadataImport.summary', {
              tables: count('tables'),
              sequences: count('sequences'),
              relations: count('relations'),
              layouts: count('layouts'),
            })}
            extra={
              <Flex gap={token.marginSM} justify="center" wrap>
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
                <Button
                  onClick={() => {
                    setFile(null);
                    setOutcome(null);
                  }}
                >
                  {t('metadataImport.another')}
                </Button>
              </Flex>
            }
          />
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer title={t('screens.tableImport')} breadcrumb={breadcrumb}>
      <Card styles={{ body: { padding: token.paddingLG } }}>
        <Flex vertical gap={token.marginLG}>
          <Upload.Dragger
            accept=".json,application/json"
            multiple={false}
            showUploadList={false}
            beforeUpload={(chosen) => {
              void read(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('metadataImport.choose')}</p>
            <p className="ant-upload-hint">{t('metadataImport.chooseHint')}</p>
          </Upload.Dragger>

          {file && (
            <Typography.Text>
              {t('metadataImport.file')}
              <Typography.Text strong>{file.name}</Typography.Text>
              <Typography.Text type="secondary">（{sizeText(file.size)}）</Typography.Text>
            </Typography.Text>
          )}

          {file && !file.parsed.ok && (
            <Alert type="error" showIcon message={t(`metadataImport.errors.${file.parsed.error}`)} />
          )}

          {outcome?.kind === 'failed' && (
            <Alert
              type="error"
              showIcon
              message={outcome.conflict ? t('metadataImport.conflictTitle') : t('metadataImport.failed')}
              description={
                <Flex vertical gap={4}>
                  <span>{outcome.message}</span>
                  {outcome.lines.length > 0 && (
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      {outcome.lines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                </Flex>
              }
            />
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
              {count('tables') > 0 && (
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
                  loading={busy}
                  onClick={() => setConfirming(true)}
                >
                  {t('metadataImport.submit')}
                </Button>
                <Button onClick={() => setFile(null)}>{t('metadataImport.clear')}</Button>
              </Flex>
            </>
          )}
        </Flex>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('metadataImport.confirm')}
        okText={t('metadataImport.submit')}
        busy={busy}
        onOk={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Text>
          {t('metadataImport.summaryAsk', {
            tables: count('tables'),
            sequences: count('sequences'),
            relations: count('relations'),
            layouts: count('layouts'),
          })}
        </Typography.Text>
      </ConfirmDialog>
    </PageContainer>
  );
};
