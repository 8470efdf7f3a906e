import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Flex, Progress, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { listReturnPath } from '../lib/list-return';
import { isSearchBody, type Column } from '../../../contract';
import { ImportFailureTable } from '../components/ImportFailureTable';
import { ImportOutcomeAlert } from '../components/ImportOutcomeAlert';
import { ImportDonePage } from '../../common/components/ImportDonePage';
import { ImportFlowCard } from '../../common/components/ImportFlowCard';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { useBusinessTable } from '../hooks/useBusinessTable';
import { useRecordsImportFlow } from '../hooks/useRecordsImportFlow';
import { useTableHeading } from '../hooks/useTableHeading';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { downloadHref } from '../../common/lib/download-url';
import { failureReason } from '../../common/lib/failure-reason';
import { previewSheet, type SheetPreview } from '../lib/import-sheet';
import { appPaths } from '../../common/lib/menu';
import { readSheet } from '../lib/read-sheet';
import { importRecordsCall, importTemplateCall, unquoteUrl } from '../../providers/custom-calls';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { withName } from '../../common/lib/name-spacing';

/** What the browser read of a chosen workbook: its preview, or null when it could not read it. */
interface SheetRead {
  preview: SheetPreview | null;
  /** Why the file could not be read in the browser. */
  unreadable?: boolean;
}

/** The workbook's first rows matched to the table's columns, or why they could not be read. */
const readWorkbook = async (file: File, columns: readonly Column[]): Promise<SheetRead> => {
  try {
    return { preview: previewSheet(await readSheet(file), columns) };
  } catch (failure) {
    console.warn('crudboard: the workbook could not be read in the browser', failure);
    return { preview: null, unreadable: true };
  }
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
  const [templating, setTemplating] = useState(false);
  const [partial, setPartial] = useState(false);
  const name = meta?.table.name ?? tableName;
  const columns = meta ? meta.table.columns.filter((column) => !isSearchBody(meta.table, column)) : [];
  const flow = useRecordsImportFlow<SheetRead>({
    read: (file) => readWorkbook(file, columns),
    callOf: ({ file }, progress) => importRecordsCall(name, file, file.name, partial, progress),
    tables: () => [name],
  });

  const heading = useTableHeading(tableName, meta?.table);
  const listPath = listReturnPath(appPaths(dataSource).business(tableName), routerState);
  const title = withName((table) => t('screens.recordImport', { table }), heading.caption ?? tableName);
  const breadcrumb = heading.recordTrail;
  if (loading) return <PageSpin />;
  if (error || !meta)
    return <LoadFailed title={title} breadcrumb={breadcrumb} error={error} onRetry={reload} />;

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

  const { chosen, outcome, running: importing, progress } = flow;
  const preview = chosen?.read.preview ?? null;
  const unknown = preview?.matches.filter((match) => match.column === null) ?? [];
  const matched = preview?.matches.filter((match) => match.column !== null) ?? [];

  if (outcome?.ok) {
    const { result } = outcome;
    return (
      <ImportDonePage
        title={title}
        breadcrumb={breadcrumb}
        status={result.failedRows > 0 ? 'warning' : 'success'}
        heading={result.failedRows > 0 ? t('recordImport.partialDone') : t('recordImport.success')}
        summary={t('recordImport.summary', {
          inserted: result.inserted,
          updated: result.updated,
          failed: result.failedRows,
        })}
        actions={
          <>
            <Button type="primary" onClick={() => void navigate(listPath)}>
              {t('recordImport.backToList')}
            </Button>
            <Button onClick={flow.reset}>{t('recordImport.another')}</Button>
          </>
        }
      >
        {result.failed.length > 0 && <ImportFailureTable failures={result.failed} />}
      </ImportDonePage>
    );
  }

  return (
    <PageContainer title={title} breadcrumb={breadcrumb}>
      <ImportFlowCard
        flow={flow}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        texts={{
          choose: t('recordImport.choose'),
          chooseHint: t('recordImport.chooseHint'),
          file: t('recordImport.file'),
          reading: t('recordImport.reading'),
        }}
        intro={
          <Flex justify="space-between" align="center" wrap gap={token.marginSM}>
            <Typography.Text type="secondary">{t('recordImport.templateHint')}</Typography.Text>
            <Button icon={<DownloadOutlined />} loading={templating} onClick={() => void downloadTemplate()}>
              {t('recordImport.template')}
            </Button>
          </Flex>
        }
      >
        {chosen && !flow.reading && (chosen.read.unreadable || preview) && (
          <Flex vertical gap={token.marginSM}>
            {chosen.read.unreadable && (
              <Alert type="warning" showIcon message={t('recordImport.unreadable')} />
            )}
            {preview && (
              <>
                <Typography.Text type="secondary">
                  {t('recordImport.rows', { count: preview.rowCount, shown: preview.rows.length })}
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
                {preview.matches.length > 0 && (
                  <Table<string[]>
                    size="small"
                    bordered
                    scroll={{ x: 'max-content' }}
                    pagination={false}
                    rowKey={(_, index) => String(index)}
                    dataSource={preview.rows}
                    locale={{ emptyText: t('recordImport.noRows') }}
                    columns={preview.matches.map((match, index) => ({
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

        {outcome && !outcome.ok && <ImportOutcomeAlert outcome={outcome} />}

        {importing && <Progress percent={progress ?? 0} status="active" />}

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
              disabled={!chosen || (preview !== null && matched.length === 0)}
              onClick={() => void flow.submit()}
            >
              {importing ? t('recordImport.importing') : t('recordImport.import')}
            </Button>
          </Flex>
        </Flex>
      </ImportFlowCard>
    </PageContainer>
  );
};
