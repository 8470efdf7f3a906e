import {
  AlignLeftOutlined,
  CaretRightOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  SaveOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Space, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { DeleteConfirmDialog } from '../../common/components/DeleteConfirmDialog';
import { PageContainer } from '../../common/components/PageContainer';
import type { SqlConsoleController } from '../hooks/useSqlConsole';
import { isBlankSql } from '../lib/sql-statements';
import { SavedSqlList } from './SavedSqlList';
import { SaveSqlDialog } from './SaveSqlDialog';
import { SqlEditor } from './SqlEditor';
import { SqlResultGrid } from './SqlResultGrid';

/**
 * The SQL console's view over its controller (`useSqlConsole`): the editor with 运行, 格式化, 保存
 * and the write-mode switch, the results, the saved statements beside them, and the dialogs.
 */
export const SqlConsoleView = ({ sqlConsole }: { sqlConsole: SqlConsoleController }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { sql, run, current, writeMode, saved, saveDialog, deletion } = sqlConsole;

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
              style={writeMode.on ? { borderColor: token.colorError } : undefined}
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
                      onClick={sqlConsole.runNow}
                    >
                      {t('sqlConsole.run')}
                    </Button>
                  </Tooltip>
                  <Button icon={<AlignLeftOutlined />} onClick={sqlConsole.format}>
                    {t('sqlConsole.format')}
                  </Button>
                  <Button icon={<SaveOutlined />} disabled={isBlankSql(sql)} onClick={saveDialog.show}>
                    {t('buttons.save')}
                  </Button>
                </Space>
                <Space wrap>
                  <Tag>{t('sqlConsole.dialect', { name: sqlConsole.dialect })}</Tag>
                  <Flex align="center" gap={6}>
                    <Switch
                      id="sql-write-mode"
                      checked={writeMode.on}
                      checkedChildren={<UnlockOutlined />}
                      unCheckedChildren={<LockOutlined />}
                      onChange={writeMode.toggle}
                    />
                    <label htmlFor="sql-write-mode">
                      <Typography.Text type={writeMode.on ? 'danger' : undefined}>
                        {t('sqlConsole.writeMode')}
                      </Typography.Text>
                    </label>
                  </Flex>
                </Space>
              </Flex>
              {writeMode.on ? (
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
                  onChange={sqlConsole.setSql}
                  onRun={sqlConsole.execute}
                  onSelectionChange={sqlConsole.setSelection}
                  client={sqlConsole.client}
                  schema={sqlConsole.schema}
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
              items={saved.items}
              loading={saved.loading}
              error={saved.error}
              activeId={current?.id}
              onRetry={saved.retry}
              onLoad={saved.load}
              onDelete={deletion.ask}
            />
          </Card>
        </Col>
      </Row>
      <ConfirmDialog
        open={writeMode.asking}
        danger
        title={t('sqlConsole.writeConfirmTitle')}
        okText={t('sqlConsole.writeConfirmOk')}
        onOk={writeMode.confirm}
        onCancel={writeMode.cancel}
      >
        <Typography.Text>{t('sqlConsole.writeConfirmBody')}</Typography.Text>
      </ConfirmDialog>
      <SaveSqlDialog
        open={saveDialog.open}
        current={current}
        busy={saveDialog.busy}
        errors={saveDialog.errors}
        onSave={saveDialog.save}
        onCancel={saveDialog.cancel}
      />
      <DeleteConfirmDialog
        open={deletion.item !== undefined}
        count={1}
        label={deletion.item ? deletion.item.caption || deletion.item.name : undefined}
        busy={deletion.busy}
        onOk={deletion.ok}
        onCancel={deletion.cancel}
      />
    </PageContainer>
  );
};
