import { HistoryRetentionControl } from './HistoryRetentionControl';
import { TitleColumnSelect } from './TitleColumnSelect';
import {
  AppstoreAddOutlined,
  LayoutOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { PageContainer } from '../../common/components/PageContainer';
import { useCaption } from '../../common/hooks/useCaption';
import type { TableDesignerController, TableField, TextField } from '../hooks/useTableDesigner';
import type { ColumnDraft } from '../lib/column-draft';
import { BatchAddColumnsDialog } from './BatchAddColumnsDialog';
import { ColumnGrid } from './ColumnGrid';
import { useColumnWidgetSettings } from './ColumnWidgetSettings';
import { DataLossDialog } from './DataLossDialog';
import { RowCountCard } from './RowCountCard';
import { SchemaStateAlert } from './SchemaStateAlert';
import { TableChangeSummary } from './TableChangeSummary';
import { useValueDialogSettings } from './ValueDialogSettings';

const ENGINES = ['InnoDB', 'MyISAM'];

/**
 * The table designer's view (添加表 / 编辑表) over its controller (`useTableDesigner`): the table
 * fields, the column grid with its value-dialog and widget cells, 保存 and 取消, and the dialogs
 * of a save (确认提交吗？, 批量添加字段, the data-loss warning).
 */
export const TableDesignerView = ({ designer }: { designer: TableDesignerController }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const captionOf = useCaption();
  const navigate = useNavigate();
  const { table, isNew, paths, draft, errors, errorCount, otherErrors, attempted, saving } = designer;
  const { setField, requestSave } = designer;
  const extensions = useValueDialogSettings(table);
  const widgets = useColumnWidgetSettings(table);

  const fieldError = (field: TableField) => errors.fields[field];
  const item = (field: TableField, required = false) => ({
    label: t(`designer.fields.${field}`),
    required,
    validateStatus: fieldError(field) ? ('error' as const) : undefined,
    help: fieldError(field),
    htmlFor: `designer-${field}`,
  });
  const textInput = (field: Exclude<TextField, 'engine' | 'titleColumn'>, placeholder?: string) => (
    <Input
      id={`designer-${field}`}
      value={draft[field]}
      placeholder={placeholder}
      maxLength={field === 'caption' || field === 'captionEn' || field === 'description' ? 200 : 64}
      onChange={(event) => setField(field, event.target.value)}
    />
  );

  const title = isNew ? t('screens.tableNew') : t('screens.tableEdit');
  return (
    <PageContainer
      title={title}
      subTitle={isNew || !table ? undefined : captionOf(table)}
      breadcrumb={[{ title: t('menu.metadata') }, { title: t('screens.tables'), path: paths.list }]}
      extra={
        <Space wrap>
          {!isNew && (
            <Button onClick={() => void navigate(paths.indexes(table?.id as number))}>
              {t('designer.indexesLink', { count: table?.indexs?.length ?? 0 })}
            </Button>
          )}
          {!isNew && (
            <Button
              icon={<LayoutOutlined />}
              onClick={() => void navigate(paths.formBuilder(table?.id as number))}
            >
              {t('screens.tableFormBuilder')}
            </Button>
          )}
          {!isNew && (
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={() => void navigate(paths.permission(table?.id as number))}
            >
              {t('screens.tablePermission')}
            </Button>
          )}
          <Button onClick={() => void navigate(paths.list)}>{t('buttons.cancel')}</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={requestSave}>
            {t('buttons.save')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={token.margin}>
        <Card size="small" title={t('designer.basics')}>
          <Form layout="vertical" component="div" requiredMark>
            <Row gutter={token.margin}>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('name', true)}>{textInput('name', 'product')}</Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('pluralName', true)}>{textInput('pluralName', 'products')}</Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('tableName', true)}>{textInput('tableName', 'product')}</Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('caption')}>
                  {textInput('caption', t('designer.captionPlaceholder'))}
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('captionEn')} tooltip={t('designer.captionEnHint')}>
                  {textInput('captionEn', 'Products')}
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('engine')} tooltip={t('designer.engineHint')}>
                  <Select
                    id="designer-engine"
                    allowClear
                    value={draft.engine ?? undefined}
                    placeholder={t('designer.engineDefault')}
                    options={ENGINES.map((value) => ({ value, label: value }))}
                    onChange={(value?: string) => setField('engine', value ?? null)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('titleColumn')} tooltip={t('designer.titleColumnHint')}>
                  <TitleColumnSelect
                    id="designer-titleColumn"
                    columns={draft.columns}
                    value={draft.titleColumn}
                    onChange={(value) => setField('titleColumn', value)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item
                  {...item('historyMode')}
                  tooltip={t('designer.historyHint')}
                  validateStatus={
                    fieldError('historyMode') || fieldError('historyKeep') ? 'error' : undefined
                  }
                  help={fieldError('historyMode') ?? fieldError('historyKeep')}
                >
                  <HistoryRetentionControl
                    id="designer-historyMode"
                    value={{ historyMode: draft.historyMode, historyKeep: draft.historyKeep }}
                    keepInvalid={Boolean(fieldError('historyKeep'))}
                    onChange={designer.setHistory}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={8}>
                <Form.Item {...item('description')}>{textInput('description')}</Form.Item>
              </Col>
            </Row>
          </Form>
        </Card>
        {!isNew && table?.id !== undefined ? (
          <SchemaStateAlert tableId={table.id} tableName={table.tableName ?? ''} />
        ) : null}
        {!isNew && table?.reverse && table.id !== undefined ? (
          <RowCountCard tableId={table.id} tableName={table.tableName ?? ''} />
        ) : null}
        <Card
          size="small"
          title={
            <Space>
              <span>{t('designer.columnsTitle')}</span>
              <Typography.Text type="secondary">
                {t('designer.columnCount', { count: draft.columns.length })}
              </Typography.Text>
            </Space>
          }
          extra={
            <Space wrap>
              <Button size="small" icon={<PlusOutlined />} onClick={designer.addColumn}>
                {t('designer.addColumn')}
              </Button>
              <Button size="small" icon={<AppstoreAddOutlined />} onClick={designer.batch.show}>
                {t('designer.batchAddColumns')}
              </Button>
            </Space>
          }
          styles={{ body: { padding: 0 } }}
        >
          {(attempted && errorCount > 0) || otherErrors.length > 0 ? (
            <Alert
              type="error"
              showIcon
              banner
              message={t('designer.errorSummary', { count: errorCount })}
              description={otherErrors.length > 0 ? otherErrors.join('；') : undefined}
            />
          ) : null}
          <ColumnGrid
            rows={draft.columns as ColumnDraft[]}
            errors={errors.rows}
            sequences={designer.sequences}
            onCellChange={designer.onCellChange}
            onMove={designer.onMove}
            onRemove={designer.onRemove}
            locks={designer.locks}
            renderExtension={extensions.renderExtension}
            renderWidget={widgets.renderWidget}
          />
        </Card>
        <Flex justify="flex-end" gap={token.marginXS}>
          <Button onClick={() => void navigate(paths.list)}>{t('buttons.cancel')}</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={requestSave}>
            {t('buttons.save')}
          </Button>
        </Flex>
      </Flex>
      {extensions.dialog}
      <BatchAddColumnsDialog
        open={designer.batch.open}
        takenNames={draft.columns.map((column) => column.name)}
        onAdd={designer.batch.add}
        onCancel={designer.batch.cancel}
      />
      <ConfirmDialog
        open={designer.confirm.open}
        title={t('designer.confirmSubmit')}
        busy={saving}
        width={520}
        onOk={designer.confirm.ok}
        onCancel={designer.confirm.cancel}
      >
        <TableChangeSummary draft={draft} stored={table} />
      </ConfirmDialog>
      <DataLossDialog
        open={designer.dataLoss.entries !== null}
        entries={designer.dataLoss.entries ?? []}
        busy={saving}
        onConfirm={designer.dataLoss.confirm}
        onCancel={designer.dataLoss.cancel}
      />
    </PageContainer>
  );
};
