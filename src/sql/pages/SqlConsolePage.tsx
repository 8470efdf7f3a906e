import {
  AlignLeftOutlined,
  CaretRightOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  SaveOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useCreate, useDelete, useList, useUpdate } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Row,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { SavedSql, SqlResult } from '../lib/sql-types';
import { executeSqlCall, SQL_PERMISSIONS } from '../../providers/custom-calls';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DeleteConfirmDialog } from '../../shared/components/DeleteConfirmDialog';
import { PageContainer } from '../../shared/components/PageContainer';
import { SavedSqlList } from '../components/SavedSqlList';
import { SaveSqlDialog } from '../components/SaveSqlDialog';
import { SqlEditor } from '../components/SqlEditor';
import { SqlResultGrid } from '../components/SqlResultGrid';
import { useCustomCall } from '../../shared/hooks/useCustomCall';
import { useAllTables } from '../../shared/hooks/useAllTables';
import { PageSpin } from '../../shared/components/PageSpin';
import { useSqlAccess } from '../hooks/useSqlAccess';
import type { HttpError } from '../../shared/lib/http-error';
import {
  editorDialect,
  isBlankSql,
  looksLikeWrite,
  splitStatements,
  statementToRun,
} from '../lib/sql-statements';
import { useCurrentDataSource, useDataSources } from '../../store/useCurrentDataSource';

type Run =
  | { state: 'idle' }
  | { state: 'running'; sql: string }
  | {
      state: 'done';
      sql: string;
      readOnly: boolean;
      result: SqlResult;
      /** How many statements ran (the result is the last one's). */
      count: number;
      /** Whether one of them looks like a write. */
      wrote: boolean;
    }
  | { state: 'failed'; sql: string; message: string };

/** The system table of saved statements, read and written like any table's records. */
const SAVED = 'sqlQuery';
const SQL_META = { requiredPermissions: SQL_PERMISSIONS };
/** The console tells success and failure itself. */
const QUIET = { successNotification: false, errorNotification: false } as const;

const SqlConsole = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { dataSource } = useCurrentDataSource();
  const client = useDataSources().find((ds) => ds.name === dataSource)?.client;
  const tables = useAllTables();
  const [sql, setSql] = useState('');
  const selection = useRef<{ from: number; to: number }>({ from: 0, to: 0 });
  const [writeMode, setWriteMode] = useState(false);
  const [askWrite, setAskWrite] = useState(false);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [current, setCurrent] = useState<SavedSql | undefined>();
  const [saving, setSaving] = useState<{ open: boolean; busy: boolean; errors?: Record<string, string> }>({
    open: false,
    busy: false,
  });
  const [deleting, setDeleting] = useState<{ item: SavedSql; busy: boolean } | null>(null);
  const runId = useRef(0);

  // Saved statements are records of the system table `sqlQuery`, by name.
  const savedList = useList<SavedSql>({
    resource: SAVED,
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: SQL_META,
  });
  const saved = {
    data: savedList.query.isSuccess ? savedList.result.data : undefined,
    query: savedList.query,
  };
  const { mutateAsync: createSaved } = useCreate<SavedSql>();
  const { mutateAsync: updateSaved } = useUpdate<SavedSql>();
  const { mutateAsync: deleteSaved } = useDelete<SavedSql>();
  const call = useCustomCall();
  const schema = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const table of tables.data ?? [])
      out[table.tableName || table.name] = table.columns.map((c) => c.name);
    return out;
  }, [tables.data]);

  // The server runs one statement per call: a script is split (in the data source's dialect) and
  // its statements run one after another, stopping at the first failure.
  const execute = async (text: string) => {
    if (run.state === 'running') return;
    if (isBlankSql(text)) {
      void message.warning(t('sqlConsole.emptySql'));
      return;
    }
    const split = splitStatements(text, client);
    const statements = split.length > 0 ? split : [text];
    const id = (runId.current += 1);
    const readOnly = !writeMode;
    let result: SqlResult | undefined;
    for (const [index, statement] of statements.entries()) {
      setRun({ state: 'running', sql: statement });
      try {
        result = await call<SqlResult>(executeSqlCall(statement, readOnly));
      } catch (error) {
        const failure = error as Partial<HttpError>;
        const reason = failure.message || t('sqlConsole.failed');
        const where =
          statements.length > 1
            ? `${t('sqlConsole.failedAt', { index: index + 1, count: statements.length })}\n`
            : '';
        if (id === runId.current) setRun({ state: 'failed', sql: statement, message: `${where}${reason}` });
        return;
      }
      if (id !== runId.current) return;
    }
    if (result)
      setRun({
        state: 'done',
        sql: statements[statements.length - 1] ?? text,
        readOnly,
        result,
        count: statements.length,
        wrote: statements.some(looksLikeWrite),
      });
  };

  // The formatter is loaded on first use, keeping it out of the page's own download.
  const formatEditor = async () => {
    if (isBlankSql(sql)) return;
    try {
      const { formatSql } = await import('../lib/format-sql');
      setSql(formatSql(sql, client));
    } catch (error) {
      void message.error(t('sqlConsole.formatFailed', { reason: (error as Error).message.split('\n')[0] }));
    }
  };

  const save = async (fields: { name: string; caption: string }, mode: 'create' | 'update') => {
    setSaving((s) => ({ ...s, busy: true }));
    try {
      if (mode === 'update' && current?.id !== undefined) {
        await updateSaved({
          ...QUIET,
          resource: SAVED,
          id: current.id,
          values: { ...fields, sql },
          meta: SQL_META,
        });
        setCurrent({ ...current, ...fields, sql });
      } else {
        const created = await createSaved({
          ...QUIET,
          resource: SAVED,
          values: { ...fields, sql },
          meta: SQL_META,
        });
        const id = Number(created.data.id);
        setCurrent({ id, ...fields, sql });
      }
      void message.success(t('sqlConsole.saveSuccess'));
      setSaving({ open: false, busy: false });
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setSaving({ open: true, busy: false, ...(failure.errors ? { errors: failure.errors } : {}) });
      void message.error(failure.message || t('designer.saveFailed'));
    }
  };

  const remove = async () => {
    if (!deleting?.item.id) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteSaved({ ...QUIET, resource: SAVED, id: deleting.item.id, meta: SQL_META });
      void message.success(t('metadataList.deleteSuccess'));
      if (current?.id === deleting.item.id) setCurrent(undefined);
      setDeleting(null);
    } catch (error) {
      const reason = (error as { message?: string }).message;
      setDeleting({ ...deleting, busy: false });
      void message.error(
        reason ? t('metadataList.deleteFailedReason', { reason }) : t('metadataList.deleteFailed'),
      );
    }
  };

  const runNow = () => void execute(statementToRun(sql, selection.current));
  const dialect = editorDialect(client);

  return (
    <PageContainer
      title={t('screens.sqlNew')}
      subTitle={current ? current.caption || current.name : undefined}
      breadcrumb={[{ title: t('menu.metadata') }]}
    >
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={18}>
          <Flex vertical gap={token.margin}>
            <Card
              styles={{ body: { padding: token.paddingSM } }}
              style={writeMode ? { borderColor: token.colorError } : undefined}
            >
              <Flex
                justify="space-between"
                align="center"
                gap={token.marginSM}
                wrap
                style={{ marginBottom: token.marginSM }}
              >
                <Space wrap>
                  <Tooltip title={t('sqlConsole.runHint')}>
                    <Button
                      type="primary"
                      icon={<CaretRightOutlined />}
                      loading={run.state === 'running'}
                      onClick={runNow}
                    >
                      {t('sqlConsole.run')}
                    </Button>
                  </Tooltip>
                  <Button icon={<AlignLeftOutlined />} onClick={() => void formatEditor()}>
                    {t('sqlConsole.format')}
                  </Button>
                  <Button
                    icon={<SaveOutlined />}
                    disabled={isBlankSql(sql)}
                    onClick={() => setSaving({ open: true, busy: false })}
                  >
                    {t('buttons.save')}
                  </Button>
                </Space>
                <Space wrap>
                  <Tag>{t('sqlConsole.dialect', { name: dialect })}</Tag>
                  <Flex align="center" gap={6}>
                    <Switch
                      id="sql-write-mode"
                      checked={writeMode}
                      checkedChildren={<UnlockOutlined />}
                      unCheckedChildren={<LockOutlined />}
                      onChange={(on) => (on ? setAskWrite(true) : setWriteMode(false))}
                    />
                    <label htmlFor="sql-write-mode">
                      <Typography.Text type={writeMode ? 'danger' : undefined}>
                        {t('sqlConsole.writeMode')}
                      </Typography.Text>
                    </label>
                  </Flex>
                </Space>
              </Flex>
              {writeMode ? (
                <Alert
                  type="error"
                  showIcon
                  icon={<ExclamationCircleFilled />}
                  style={{ marginBottom: token.marginSM }}
                  message={t('sqlConsole.writeOn')}
                />
              ) : (
                <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginSM, fontSize: 12 }}>
                  <LockOutlined /> {t('sqlConsole.readOnlyHint')}
                </Typography.Paragraph>
              )}
              <div
                style={{
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusSM,
                }}
              >
                <SqlEditor
                  value={sql}
                  onChange={setSql}
                  onRun={(statement) => void execute(statement)}
                  onSelectionChange={(range) => {
                    selection.current = range;
                  }}
                  client={client}
                  schema={schema}
                  minHeight="220px"
                  height="auto"
                  ariaLabel={t('sqlConsole.editor')}
                  placeholder={t('sqlConsole.placeholder')}
                />
              </div>
            </Card>
            <Card title={t('sqlConsole.results')} size="small" aria-live="polite">
              {run.state === 'idle' && (
                <Typography.Text type="secondary">{t('sqlConsole.resultsHint')}</Typography.Text>
              )}
              {run.state === 'running' && (
                <Typography.Text type="secondary">{t('sqlConsole.running')}</Typography.Text>
              )}
              {run.state === 'failed' && (
                <Alert
                  type="error"
                  showIcon
                  message={t('sqlConsole.failed')}
                  description={
                    <Typography.Text style={{ whiteSpace: 'pre-wrap', fontFamily: token.fontFamilyCode }}>
                      {run.message}
                    </Typography.Text>
                  }
                />
              )}
              {run.state === 'done' && (
                <Flex vertical gap={token.marginSM}>
                  {run.readOnly && run.wrote && (
                    <Alert type="info" showIcon message={t('sqlConsole.rolledBack')} />
                  )}
                  {run.count > 1 && (
                    <Typography.Text type="secondary">
                      {t('sqlConsole.ranMany', { count: run.count })}
                    </Typography.Text>
                  )}
                  <SqlResultGrid result={run.result} />
                </Flex>
              )}
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={6}>
          <Card title={t('sqlConsole.saved')} size="small">
            <SavedSqlList
              items={saved.data ?? []}
              loading={saved.query.isPending}
              error={saved.query.error}
              activeId={current?.id}
              onRetry={() => void saved.query.refetch()}
              onLoad={(item) => {
                setSql(item.sql);
                setCurrent(item);
                selection.current = { from: 0, to: 0 };
              }}
              onDelete={(item) => setDeleting({ item, busy: false })}
            />
          </Card>
        </Col>
      </Row>
      <ConfirmDialog
        open={askWrite}
        danger
        title={t('sqlConsole.writeConfirmTitle')}
        okText={t('sqlConsole.writeConfirmOk')}
        onOk={() => {
          setWriteMode(true);
          setAskWrite(false);
        }}
        onCancel={() => setAskWrite(false)}
      >
        <Typography.Text>{t('sqlConsole.writeConfirmBody')}</Typography.Text>
      </ConfirmDialog>
      <SaveSqlDialog
        open={saving.open}
        current={current}
        busy={saving.busy}
        errors={saving.errors}
        onSave={(fields, mode) => void save(fields, mode)}
        onCancel={() => setSaving({ open: false, busy: false })}
      />
      <DeleteConfirmDialog
        open={deleting !== null}
        count={1}
        label={deleting ? deleting.item.caption || deleting.item.name : undefined}
        busy={deleting?.busy ?? false}
        onOk={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </PageContainer>
  );
};

/** `metadata/sqls/new`: the SQL console, for users holding `sql:execute`; others get the 403 page. */
export const SqlConsolePage = () => {
  const allowed = useSqlAccess();
  if (allowed === undefined) return <PageSpin />;
  if (!allowed) return <Navigate to="/403" replace />;
  return <SqlConsole />;
};
