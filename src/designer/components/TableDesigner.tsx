import {
  AppstoreAddOutlined,
  LayoutOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { useCreate, useList, useUpdate } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Typography,
  theme,
} from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Sequence, Table } from '../../../contract';
import { useInvalidateMetadata } from '../../shared/hooks/useInvalidateMetadata';
import { useIssueText } from '../../shared/hooks/useIssueText';
import type { BatchColumnEntry } from '../lib/batch-columns';
import { columnLocks } from '../lib/column-locks';
import {
  freeColumnNames,
  newColumn,
  withCellValue,
  type ColumnCellField,
  type ColumnDraft,
} from '../lib/column-draft';
import {
  countGridErrors,
  dataLossEntries,
  EMPTY_GRID_ERRORS,
  mergeGridErrors,
  toGridErrors,
  withoutCellError,
  withoutFieldError,
  type DataLossEntry,
  type GridErrors,
} from '../lib/grid-errors';
import type { HttpError } from '../../shared/lib/http-error';
import { tablePaths } from '../../shared/lib/metadata-paths';
import { moveItem, type MoveDirection } from '../lib/move-item';
import type { Issues } from '../../shared/lib/name-rules';
import { SYSTEM_COLUMN_NAMES } from '../../../contract';
import { newTableDraft, toTableDraft, type TableDraft } from '../lib/table-draft';
import { deriveNames, type TouchedNames } from '../lib/table-names';
import { buildTablePayload } from '../lib/table-payload';
import { validateTable } from '../lib/table-validation';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { BatchAddColumnsDialog } from './BatchAddColumnsDialog';
import { ColumnGrid } from './ColumnGrid';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DataLossDialog } from './DataLossDialog';
import { PageContainer } from '../../shared/components/PageContainer';
import { TableChangeSummary } from './TableChangeSummary';
import { useColumnWidgetSettings } from './ColumnWidgetSettings';
import { useValueDialogSettings } from './ValueDialogSettings';

export interface TableDesignerProps {
  /** The stored table to edit; absent for a new table. */
  table?: Table;
}

type TableField = Exclude<keyof TableDraft, 'columns'>;

const ENGINES = ['InnoDB', 'MyISAM'];
const TABLE_FIELDS = ['name', 'pluralName', 'tableName', 'caption', 'description', 'engine'];

/** Without the submit attempt, a still-empty required field is not an error yet. */
const visibleIssues = (issues: Issues, attempted: boolean): Issues =>
  attempted
    ? issues
    : Object.fromEntries(Object.entries(issues).filter(([, issue]) => issue.key !== 'required'));

/**
 * 添加表 / 编辑表: the table fields, the column grid, then 确认提交吗？; a 409 data-loss refusal
 * opens the data-loss dialog, a 400 puts the server's messages on the cells.
 */
export const TableDesigner = ({ table }: TableDesignerProps) => {
  const isNew = table?.id === undefined;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const invalidate = useInvalidateMetadata();
  const { texts } = useIssueText();
  const paths = tablePaths(dataSource);

  const [draft, setDraft] = useState<TableDraft>(() =>
    table
      ? toTableDraft(table)
      : newTableDraft(
          Object.fromEntries(SYSTEM_COLUMN_NAMES.map((name) => [name, t(`designer.systemCaptions.${name}`)])),
        ),
  );
  const touched = useRef<TouchedNames>({ pluralName: !isNew, tableName: !isNew });
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<GridErrors>(EMPTY_GRID_ERRORS);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dataLoss, setDataLoss] = useState<DataLossEntry[] | null>(null);
  const refused = useRef<Table | null>(null);

  const extensions = useValueDialogSettings(table);
  const widgets = useColumnWidgetSettings(table);
  // Every sequence, for the 序列号 picker of the column grid.
  const sequences = useList<Sequence>({
    resource: 'sequences',
    dataProviderName: 'metadata',
    pagination: { mode: 'off' },
  });
  const { mutateAsync: create } = useCreate<Table>();
  const { mutateAsync: update } = useUpdate<Table>();

  const compositePrimary = Boolean(table?.indexs?.some((index) => index.indexType === 'PRIMARY'));
  const issues = useMemo(() => validateTable(draft, { compositePrimary }), [draft, compositePrimary]);
  const locks = useMemo(() => columnLocks(table), [table]);
  const rowKeys = useMemo(() => draft.columns.map((column) => column.key), [draft.columns]);
  const errors = useMemo(
    () =>
      mergeGridErrors(
        serverErrors,
        toGridErrors(texts(visibleIssues(issues, attempted)), 'columns', rowKeys),
      ),
    [serverErrors, issues, attempted, texts, rowKeys],
  );

  const setField = (field: TableField, value: string | null) => {
    if (field === 'pluralName' || field === 'tableName') touched.current[field] = Boolean(value?.trim());
    setDraft((current) => {
      const next = { ...current, [field]: value ?? (field === 'engine' ? null : '') };
      return field === 'name' ? { ...next, ...deriveNames(value ?? '', current, touched.current) } : next;
    });
    setServerErrors((current) => withoutFieldError(current, field));
  };

  const onCellChange = useCallback((rowKey: string, field: ColumnCellField, value: unknown) => {
    setDraft((current) => ({
      ...current,
      columns: current.columns.map((column) =>
        column.key === rowKey ? withCellValue(column, field, value) : column,
      ),
    }));
    setServerErrors((current) => withoutCellError(current, rowKey, field));
  }, []);

  const onMove = useCallback((rowKey: string, direction: MoveDirection) => {
    setDraft((current) => {
      const index = current.columns.findIndex((column) => column.key === rowKey);
      return { ...current, columns: moveItem(current.columns, index, direction) };
    });
  }, []);

  const onRemove = useCallback((rowKey: string) => {
    setDraft((current) => ({
      ...current,
      columns: current.columns.filter((column) => column.key !== rowKey),
    }));
  }, []);

  const addColumn = () =>
    setDraft((current) => {
      const [name] = freeColumnNames(
        current.columns.map((column) => column.name),
        1,
      );
      return { ...current, columns: [...current.columns, newColumn(name as string)] };
    });

  const addColumns = (entries: BatchColumnEntry[]) => {
    setDraft((current) => ({
      ...current,
      columns: [...current.columns, ...entries.map((entry) => newColumn(entry.name, entry.caption))],
    }));
    setBatchOpen(false);
  };

  const requestSave = () => {
    setAttempted(true);
    const count = Object.keys(issues).length;
    if (count > 0) {
      void message.error({ content: t('designer.fixErrors', { count }), key: 'designer-errors' });
      return;
    }
    setConfirmOpen(true);
  };

  const save = async (confirmDataLoss: boolean) => {
    const payload =
      confirmDataLoss && refused.current
        ? refused.current
        : buildTablePayload(draft, { isNew, stored: table });
    const keys = rowKeys;
    setSaving(true);
    try {
      const write = {
        resource: 'tables',
        dataProviderName: 'metadata',
        values: payload,
        // A change that would lose data is sent again with the user's consent.
        meta: confirmDataLoss ? { query: { confirmDataLoss: 'true' } } : {},
        // The designer tells success and failure itself.
        successNotification: false as const,
        errorNotification: false as const,
      };
      if (isNew) await create(write);
      else await update({ ...write, id: table.id as number });
      message.destroy('designer-errors');
      void message.success(isNew ? t('designer.createSuccess') : t('designer.updateSuccess'));
      refused.current = null;
      setConfirmOpen(false);
      setDataLoss(null);
      await invalidate('tables');
      void navigate(paths.list);
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setConfirmOpen(false);
      if (failure.statusCode === 409 && failure.errors && Object.keys(failure.errors).length > 0) {
        refused.current = payload;
        setDataLoss(dataLossEntries(failure.errors, payload.columns, table?.columns));
      } else {
        refused.current = null;
        setDataLoss(null);
        if (failure.errors) setServerErrors(toGridErrors(failure.errors, 'columns', keys));
        void message.error({ content: failure.message || t('designer.saveFailed'), key: 'designer-errors' });
      }
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: TableField) => errors.fields[field];
  const item = (field: TableField, required = false) => ({
    label: t(`designer.fields.${field}`),
    required,
    validateStatus: fieldError(field) ? ('error' as const) : undefined,
    help: fieldError(field),
    htmlFor: `designer-${field}`,
  });
  const textInput = (field: Exclude<TableField, 'engine'>, placeholder?: string) => (
    <Input
      id={`designer-${field}`}
      value={draft[field]}
      placeholder={placeholder}
      maxLength={field === 'caption' || field === 'description' ? 200 : 64}
      onChange={(event) => setField(field, event.target.value)}
    />
  );

  const errorCount = countGridErrors(errors);
  const otherErrors = [
    ...errors.general,
    ...Object.entries(errors.fields)
      .filter(([field]) => !TABLE_FIELDS.includes(field))
      .map(([field, text]) => (field === 'columns' ? text : `${field}: ${text}`)),
  ];

  const title = isNew ? t('screens.tableNew') : t('screens.tableEdit');
  return (
    <PageContainer
      title={title}
      subTitle={isNew ? undefined : table?.caption || table?.name}
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
                <Form.Item {...item('description')}>{textInput('description')}</Form.Item>
              </Col>
            </Row>
          </Form>
        </Card>
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
              <Button size="small" icon={<PlusOutlined />} onClick={addColumn}>
                {t('designer.addColumn')}
              </Button>
              <Button size="small" icon={<AppstoreAddOutlined />} onClick={() => setBatchOpen(true)}>
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
            sequences={sequences.result.data}
            onCellChange={onCellChange}
            onMove={onMove}
            onRemove={onRemove}
            locks={locks}
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
        open={batchOpen}
        takenNames={draft.columns.map((column) => column.name)}
        onAdd={addColumns}
        onCancel={() => setBatchOpen(false)}
      />
      <ConfirmDialog
        open={confirmOpen}
        title={t('designer.confirmSubmit')}
        busy={saving}
        width={520}
        onOk={() => void save(false)}
        onCancel={() => setConfirmOpen(false)}
      >
        <TableChangeSummary draft={draft} stored={table} />
      </ConfirmDialog>
      <DataLossDialog
        open={dataLoss !== null}
        entries={dataLoss ?? []}
        busy={saving}
        onConfirm={() => void save(true)}
        onCancel={() => {
          refused.current = null;
          setDataLoss(null);
        }}
      />
    </PageContainer>
  );
};
