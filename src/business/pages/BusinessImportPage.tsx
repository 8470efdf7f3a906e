import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Result,
  Row,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table as MetaTable } from '../../../contract';
import { ExportDialog } from '../components/ExportDialog';
import { ImportOutcomeAlert } from '../components/ImportOutcomeAlert';
import { useRecordsImportFlow } from '../hooks/useRecordsImportFlow';
import { ImportFlowCard } from '../../common/components/ImportFlowCard';
import { PageContainer } from '../../common/components/PageContainer';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import { readFileText } from '../../common/lib/read-file-text';
import { parseTablesFile, type TablesFileEntry, type TablesFileParse } from '../lib/tables-file';
import { exportTablesCall, importTablesCall, unquoteUrl } from '../../providers/custom-calls';
import { useUserTables } from '../../resources/useUserTables';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useCaption } from '../../common/hooks/useCaption';

/** 批量导入 (`business/import`): several tables from one JSON file, and whole tables exported to one. */
export const BusinessImportPage = () => {
  const { t } = useTranslation();
  const caption = useCaption();
  const { token } = theme.useToken();
  const { dataSource } = useCurrentDataSource();
  const { tables, isLoading } = useUserTables(dataSource);
  const call = useCustomCall();
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState<{ generating: boolean; url: string | null } | null>(null);
  // Business tables first, then the built-in ones.
  const known = tables
    .filter((table): table is MetaTable & { id: number } => typeof table.id === 'number')
    .sort((a, b) => Number(Boolean(a.systemable)) - Number(Boolean(b.systemable)));
  const flow = useRecordsImportFlow<TablesFileParse>({
    read: async (file) => {
      try {
        return parseTablesFile(await readFileText(file), known);
      } catch {
        return { ok: false, error: 'json' };
      }
    },
    callOf: ({ file }) => importTablesCall(file, file.name),
    // The imported tables' lists and counts are read again when next shown.
    tables: ({ read }) =>
      read.ok ? read.entries.flatMap((entry) => (entry.table ? [entry.table.name] : [])) : [],
  });
  const { chosen, outcome, running: importing } = flow;

  const startExport = async () => {
    setExporting({ generating: true, url: null });
    try {
      const url = unquoteUrl(await call<string>(exportTablesCall(selected)));
      setExporting((state) => (state ? { generating: false, url } : state));
    } catch (failure) {
      // docs/product.md §8: an export failure is only logged; the loading goes away.
      console.error('crudboard: export failed', failure);
      setExporting(null);
    }
  };

  const entries = chosen?.read.ok ? chosen.read.entries : [];
  const unknown = entries.filter((entry) => entry.table === null);

  return (
    <PageContainer title={t('screens.businessImport')} breadcrumb={[{ title: t('menu.business') }]}>
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} xl={14}>
          <ImportFlowCard
            flow={flow}
            title={t('tablesTransfer.importTitle')}
            accept=".json,application/json"
            texts={{
              choose: t('tablesTransfer.choose'),
              chooseHint: t('tablesTransfer.chooseHint'),
              file: t('recordImport.file'),
            }}
            intro={<Typography.Text type="secondary">{t('tablesTransfer.importHint')}</Typography.Text>}
          >
            {chosen && !chosen.read.ok && (
              <Alert type="error" showIcon message={t(`tablesTransfer.errors.${chosen.read.error}`)} />
            )}
            {entries.length > 0 && (
              <Table<TablesFileEntry>
                size="small"
                pagination={false}
                rowKey="name"
                dataSource={entries}
                columns={[
                  { key: 'name', title: t('tablesTransfer.key'), dataIndex: 'name' },
                  {
                    key: 'table',
                    title: t('recordImport.table'),
                    render: (_: unknown, entry: TablesFileEntry) =>
                      entry.table ? (
                        caption(entry.table)
                      ) : (
                        <Tag color="orange">{t('tablesTransfer.unknownTable')}</Tag>
                      ),
                  },
                  {
                    key: 'records',
                    title: t('tablesTransfer.records'),
                    dataIndex: 'records',
                    align: 'right',
                  },
                ]}
              />
            )}
            {unknown.length > 0 && (
              <Alert
                type="warning"
                showIcon
                message={t('tablesTransfer.unknownTables', {
                  names: unknown.map((entry) => entry.name).join('、'),
                })}
              />
            )}

            {outcome?.ok && (
              <Result
                status="success"
                title={t('recordImport.success')}
                subTitle={t('recordImport.summary', {
                  inserted: outcome.result.inserted,
                  updated: outcome.result.updated,
                  failed: outcome.result.failedRows,
                })}
              />
            )}
            {outcome && !outcome.ok && <ImportOutcomeAlert outcome={outcome} withTable />}

            <Flex justify="flex-end">
              <Button
                type="primary"
                icon={<UploadOutlined />}
                loading={importing}
                disabled={!chosen?.read.ok}
                onClick={() => void flow.submit()}
              >
                {importing ? t('recordImport.importing') : t('recordImport.import')}
              </Button>
            </Flex>
          </ImportFlowCard>
        </Col>

        <Col xs={24} xl={10}>
          <Card title={t('tablesTransfer.exportTitle')} styles={{ body: { padding: token.paddingLG } }}>
            <Flex vertical gap={token.marginLG}>
              <Typography.Text type="secondary">{t('tablesTransfer.exportHint')}</Typography.Text>
              {!isLoading && known.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tablesTransfer.noTables')} />
              ) : (
                <>
                  <Checkbox
                    indeterminate={selected.length > 0 && selected.length < known.length}
                    checked={known.length > 0 && selected.length === known.length}
                    onChange={(event) =>
                      setSelected(event.target.checked ? known.map((table) => table.id) : [])
                    }
                  >
                    {t('tablesTransfer.all')}
                  </Checkbox>
                  <Checkbox.Group
                    value={selected}
                    onChange={(values) => setSelected(values as number[])}
                    style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }}
                    options={known.map((table) => ({
                      value: table.id,
                      label: `${caption(table)}（${table.name}）`,
                    }))}
                  />
                </>
              )}
              <Flex justify="flex-end">
                <Button
                  icon={<CloudDownloadOutlined />}
                  disabled={selected.length === 0}
                  onClick={() => void startExport()}
                >
                  {t('tablesTransfer.export')}
                </Button>
              </Flex>
            </Flex>
          </Card>
        </Col>
      </Row>
      <ExportDialog
        open={exporting !== null}
        generating={exporting?.generating ?? false}
        url={exporting?.url ?? null}
        description={t('tablesTransfer.exportDescription', { count: selected.length })}
        onClose={() => setExporting(null)}
      />
    </PageContainer>
  );
};
