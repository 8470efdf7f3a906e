import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Flex,
  Progress,
  Result,
  Table,
  Tag,
  Typography,
  Upload,
  theme,
} from 'antd';
import { useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { listReturnPath } from '../lib/list-return';
import { isSearchBody, type ImportResult } from '../../../contract';
import { ImportFailureTable } from '../components/ImportFailureTable';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { useBusinessTable } from '../hooks/useBusinessTable';
import { useTableHeading } from '../hooks/useTableHeading';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { downloadHref } from '../../common/lib/download-url';
import { failureReason } from '../../common/lib/failure-reason';
import { previewSheet, type SheetPreview } from '../lib/import-sheet';
import { appPaths } from '../../common/lib/menu';
import { readSheet } from '../lib/read-sheet';
import {
  importOutcomeOf,
  importRecordsCall,
  importTemplateCall,
  unquoteUrl,
  type ImportOutcome,
} from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { withName } from '../../common/lib/name-spacing';

interface Chosen {
  file: File;
  preview: SheetPreview | null;
  /** Why the file could not be read in the browser. */
  unreadable?: boolean;
}

const Summary = ({ result }: { result: ImportResult }) => {
  const { t } = useTranslation();
  return (
    <>
      {t('recordImport.summary', {
        inserted: result.inserted,
        updated: result.updated,
        failed: result.failedRows,
      })}
    </>
  );
};

/** 批量导入 (`business/:tableName/import`): template, choose an .xlsx, preview it, import it. */
export const RecordImportPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { state: routerState } = useLocation();
  const { tableName = '' } = useParams();
  const { dataSource } = useCurrentDataSource();
  const { meta, loading, error, reload } = useBusinessTable(tableName);
  const call = useCustomCall();
  const invalidate = useInvalidate();
  const [templating, setTemplating] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [partial, setPartial] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const heading = useTableHeading(tableName, meta?.table);
  const listPath = listReturnPath(appPaths(dataSource).business(tableName), routerState);
  const title = withName((table) => t('screens.recordImport', { table }), heading.caption ?? tableName);
  const breadcrumb = heading.recordTrail;
  if (loading) return <PageSpin />;
  if (error || !meta)
    return <LoadFailed title={title} breadcrumb={breadcrumb} error={error} onRetry={reload} />;
  const name = meta.table.name;
  const columns = meta.table.columns.filter((column) => !isSearchBody(meta.table, column));

  const downloadTemplate = async () => {
    setTemplating(true);
    try {
      const url = unquoteUrl(await call<string>(importTemplateCall(name)));
      window.location.assign(downloadHref(url));
    } catch (failure) {
      void message.error(failureReason(failure, t('errors.unreachable')) ?? t('recordImport.templateFailed'));
    } finally {
      setTemplating(false);
    }
  };

  const choose = async (file: File) => {
    setOutcome(null);
    setReading(true);
    try {
      setChosen({ file, preview: previewSheet(await readSheet(file), columns) });
    } catch (failure) {
      console.warn('crudboard: the workbook could not be read in the browser', failure);
      setChosen({ file, preview: null, unreadable: true });
    } finally {
      setReading(false);
    }
  };

  const submit = async () => {
    if (!chosen) return;
    setProgress(0);
    try {
      const answer = importOutcomeOf(
        await call<unknown>(importRecordsCall(name, chosen.file, chosen.file.name, partial, setProgress)),
      );
      setOutcome(answer);
      if (answer.ok) {
        void message.success(t('recordImport.success'));
        // The table's list and counts are read again when next shown.
        void invalidate({ resource: name, invalidates: ['list', 'many'] });
      }
    } catch (failure) {
      setOutcome({
        ok: false,
        message: failureReason(failure, t('errors.unreachable')) ?? t('recordImport.failed'),
        result: null,
      });
    } finally {
      setProgress(null);
    }
  };

  const unknown = chosen?.preview?.matches.filter((match) => match.column === null) ?? [];
  const matched = chosen?.preview?.matches.filter((match) => match.column !== null) ?? [];
  const importing = progress !== null;

  if (outcome?.ok) {
    const { result } = outcome;
    return (
      <PageContainer title={title} breadcrumb={breadcrumb}>
        <Card>
          <Result
            status={result.failedRows > 0 ? 'warning' : 'success'}
            title={result.failedRows > 0 ? t('recordImport.partialDone') : t('recordImport.success')}
            subTitle={<Summary result={result} />}
            extra={
              <Flex gap={token.marginSM} justify="center" wrap>
                <Button type="primary" onClick={() => void navigate(listPath)}>
                  {t('recordImport.backToList')}
                </Button>
                <Button
                  onClick={() => {
                    setChosen(null);
                    setOutcome(null);
                  }}
                >
                  {t('recordImport.another')}
                </Button>
              </Flex>
            }
          />
          {result.failed.length > 0 && <ImportFailureTable failures={result.failed} />}
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer title={title} breadcrumb={breadcrumb}>
      <Card styles={{ body: { padding: token.paddingLG } }}>
        <Flex vertical gap={token.marginLG}>
          <Flex justify="space-between" align="center" wrap gap={token.marginSM}>
            <Typography.Text type="secondary">{t('recordImport.templateHint')}</Typography.Text>
            <Button icon={<DownloadOutlined />} loading={templating} onClick={() => void downloadTemplate()}>
              {t('recordImport.template')}
            </Button>
          </Flex>

          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={importing}
            beforeUpload={(file) => {
              void choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('recordImport.choose')}</p>
            <p className="ant-upload-hint">{t('recordImport.chooseHint')}</p>
          </Upload.Dragger>

          {reading && <Typography.Text type="secondary">{t('recordImport.reading')}</Typography.Text>}

          {chosen && !reading && (
            <Flex vertical gap={token.marginSM}>
              <Typography.Text>
                {t('recordImport.file')}
                <Typography.Text strong>{chosen.file.name}</Typography.Text>
              </Typography.Text>
              {chosen.unreadable && <Alert type="warning" showIcon message={t('recordImport.unreadable')} />}
              {chosen.preview && (
                <>
                  <Typography.Text type="secondary">
                    {t('recordImport.rows', {
                      count: chosen.preview.rowCount,
                      shown: chosen.preview.rows.length,
                    })}
                  </Typography.Text>
                  {unknown.length > 0 && (
                    <Alert
                      type="warning"
                      showIcon
                      message={t('recordImport.unknownHeaders', {
                        names: unknown.map((match) => match.header).join('、'),
                      })}
                    />
                  )}
                  {chosen.preview.matches.length > 0 && (
                    <Table<string[]>
                      size="small"
                      bordered
                      scroll={{ x: 'max-content' }}
                      pagination={false}
                      rowKey={(_, index) => String(index)}
                      dataSource={chosen.preview.rows}
                      locale={{ emptyText: t('recordImport.noRows') }}
                      columns={chosen.preview.matches.map((match, index) => ({
                        key: String(index),
                        title: (
                          <Flex vertical gap={2}>
                            <span>{match.header}</span>
                            {match.column ? (
                              <Tag color="blue">{match.column.name}</Tag>
                            ) : (
                              <Tag color="orange">{t('recordImport.noColumn')}</Tag>
                            )}
                          </Flex>
                        ),
                        render: (_: unknown, row: string[]) => row[index],
                      }))}
                    />
                  )}
                </>
              )}
            </Flex>
          )}

          {outcome && !outcome.ok && (
            <Alert
              type="error"
              showIcon
              message={t('recordImport.failed')}
              description={
                <Flex vertical gap={token.marginSM}>
                  <span>{outcome.message}</span>
                  {outcome.errors &&
                    Object.values(outcome.errors).map((text) => <span key={text}>{text}</span>)}
                  {outcome.result && outcome.result.failed.length > 0 && (
                    <ImportFailureTable failures={outcome.result.failed} />
                  )}
                </Flex>
              }
            />
          )}

          {importing && <Progress percent={progress} status="active" />}

          <Flex justify="space-between" align="center" wrap gap={token.marginSM}>
            <Checkbox checked={partial} onChange={(event) => setPartial(event.target.checked)}>
              {t('recordImport.partial')}
            </Checkbox>
            <Flex gap={token.marginSM}>
              <Button onClick={() => void navigate(listPath)}>{t('recordImport.backToList')}</Button>
              <Button
                type="primary"
                icon={<UploadOutlined />}
                loading={importing}
                disabled={!chosen || (chosen.preview !== null && matched.length === 0)}
                onClick={() => void submit()}
              >
                {importing ? t('recordImport.importing') : t('recordImport.import')}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </Card>
    </PageContainer>
  );
};
