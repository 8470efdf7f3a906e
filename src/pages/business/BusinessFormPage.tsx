import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Form, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { createRecord, getRecord, updateRecord, type BusinessRecord } from '../../api/business';
import { LoadFailed } from '../../components/LoadFailed';
import { PageContainer } from '../../components/PageContainer';
import { PageSpin } from '../../components/PageSpin';
import { RecordFields } from '../../components/RecordFields';
import { FormFieldSlots } from '../../extensions/ExtensionSlots';
import { SubTableList } from '../../components/SubTableList';
import { useBusinessTable, type BusinessTableMeta } from '../../hooks/useBusinessTable';
import { useLeaveGuard } from '../../hooks/useLeaveGuard';
import { useSaveShortcut } from '../../hooks/useSaveShortcut';
import { UploadActivityContext, useUploadTracker } from '../../hooks/useUploadActivity';
import { relationsByColumn } from '../../lib/business-cells';
import { findLayout } from '../../lib/business-meta';
import { isFormPath, splitFieldErrors, type FormShape } from '../../lib/field-errors';
import { initialFormValues } from '../../lib/form-initial-values';
import { formFields, type FormMode } from '../../lib/form-fields';
import { placeFields } from '../../lib/form-layout';
import { subSections } from '../../lib/form-sections';
import type { HttpError } from '../../lib/http-error';
import { appPaths } from '../../lib/menu';
import { buildRecordPayload, isChildFilled, type SubForm } from '../../lib/record-payload';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

interface RecordEditorProps {
  meta: BusinessTableMeta;
  mode: FormMode;
  /** The record key of the URL (edit). */
  recordKey?: string;
  original?: BusinessRecord;
  /** Loads the stored record again (after a conflicting save). */
  onReload: () => void;
}

/** The record form: one collapsible section per table, save, leave warning and Ctrl+S. */
const RecordEditor = ({ meta, mode, recordKey, original, onReload }: RecordEditorProps) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dataSource } = useCurrentDataSource();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  // A file still being prepared or uploaded would be missing from the record: save waits for it.
  const { uploading, activity } = useUploadTracker();
  const dirty = useRef(false);
  const { table } = meta;
  const readOnly = Boolean(table.readOnly);
  const listPath = appPaths(dataSource).business(table.name);

  const model = useMemo(() => {
    const toOne = relationsByColumn(meta.relations);
    const fields = formFields(table, mode, { readOnly });
    const placed = placeFields(fields, findLayout(meta.layouts, mode));
    const subs: SubForm[] = subSections(meta.relations, meta.relatedTables).map((section) => ({
      section,
      createFields: formFields(section.table, 'create', { hidden: [section.foreignKey], readOnly }),
      updateFields: formFields(section.table, 'update', {
        hidden: [section.foreignKey],
        readOnly,
        serverFilled: 'hide',
      }),
    }));
    const shape: FormShape = {
      fields: fields.map((field) => field.column.name),
      subs: subs.map((sub) => ({
        name: sub.section.name,
        kind: sub.section.kind,
        fields: [...sub.createFields, ...sub.updateFields].map((field) => field.column.name),
      })),
    };
    return { toOne, fields, placed, subs, shape };
  }, [meta, table, mode, readOnly]);

  const initialValues = useMemo(
    () =>
      initialFormValues({
        mode,
        fields: model.fields,
        record: original,
        toOne: model.toOne,
        subs: model.subs,
      }),
    [mode, model, original],
  );

  useLeaveGuard(dirty, t('warnWhenUnsavedChanges'));

  const conflict = (reason: string) => {
    modal.confirm({
      title: t('businessForm.conflictTitle'),
      content: `${reason} ${t('businessForm.conflictHint')}`,
      okText: t('businessForm.reload'),
      cancelText: t('buttons.cancel'),
      onOk: () => {
        dirty.current = false;
        onReload();
      },
    });
  };

  const save = async () => {
    if (saving || readOnly || uploading) return;
    try {
      await form.validateFields();
    } catch {
      void message.error({ content: t('businessForm.invalid'), key: 'business-form' });
      return;
    }
    const payload = buildRecordPayload({
      fields: model.fields,
      values: form.getFieldsValue(true),
      mode,
      original,
      toOne: model.toOne,
      subs: model.subs,
    });
    setSaving(true);
    try {
      if (mode === 'create') await createRecord(table.name, payload);
      else await updateRecord(table.name, recordKey ?? '', payload);
      dirty.current = false;
      void message.success(
        mode === 'create' ? t('businessForm.createSuccess') : t('businessForm.updateSuccess'),
      );
      await queryClient.invalidateQueries({ queryKey: ['business', dataSource, table.name] });
      void navigate(listPath);
    } catch (error) {
      const failure = error as Partial<HttpError>;
      const reason = failure.message || t('businessForm.saveFailed');
      if (failure.statusCode === 409 && mode === 'update') {
        conflict(reason);
        return;
      }
      const { fields, other } = splitFieldErrors(failure.errors, (path) => isFormPath(model.shape, path));
      form.setFields(fields);
      void message.error({ content: [reason, ...other].join('；'), key: 'business-form' });
    } finally {
      setSaving(false);
    }
  };

  useSaveShortcut(() => void save(), !readOnly);

  const caption = table.caption || table.name;
  const slotProps = {
    tableName: table.name,
    dataSource,
    ...(recordKey === undefined ? {} : { recordId: recordKey }),
  };
  const sections = [
    {
      key: '$main',
      label: caption,
      children: (
        <>
          <FormFieldSlots at="before" {...slotProps} />
          <RecordFields
            fields={model.placed}
            mode={mode}
            toOne={model.toOne}
            relatedTables={meta.relatedTables}
            dialogs={meta.valueDialogs}
          />
          <FormFieldSlots at="after" {...slotProps} />
        </>
      ),
    },
    ...model.subs.map((sub) => {
      const subMode: FormMode = mode === 'update' && original?.[sub.section.name] ? 'update' : 'create';
      return {
        key: sub.section.name,
        label: sub.section.relation.caption || sub.section.table.caption || sub.section.name,
        children:
          sub.section.kind === 'many' ? (
            <SubTableList
              section={sub.section}
              mode={mode}
              createFields={sub.createFields}
              updateFields={sub.updateFields}
              readOnly={readOnly}
            />
          ) : (
            <RecordFields
              fields={placeFields(subMode === 'update' ? sub.updateFields : sub.createFields, undefined)}
              mode={subMode}
              prefix={[sub.section.name]}
              // A child the record does not have yet is optional: its required fields count once it is filled.
              requiredIf={
                subMode === 'create'
                  ? () => isChildFilled(sub.createFields, form.getFieldValue(sub.section.name))
                  : undefined
              }
            />
          ),
      };
    }),
  ];

  return (
    <PageContainer
      title={
        mode === 'create'
          ? t('screens.recordNew', { table: caption })
          : t('screens.recordEdit', { table: caption })
      }
      breadcrumb={[{ title: t('menu.business') }, { title: caption, path: listPath }]}
    >
      {readOnly && (
        <Alert type="info" showIcon message={t('businessForm.readOnly')} style={{ marginBottom: 16 }} />
      )}
      <Card>
        <UploadActivityContext value={activity}>
          <Form
            form={form}
            component={false}
            layout="vertical"
            initialValues={initialValues}
            disabled={readOnly}
            onValuesChange={() => {
              dirty.current = true;
            }}
          >
            <Collapse
              defaultActiveKey={sections.map((section) => section.key)}
              items={sections}
              style={{ marginBottom: 16 }}
            />
          </Form>
        </UploadActivityContext>
        <Space>
          {!readOnly && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={uploading}
              onClick={() => void save()}
            >
              {t('buttons.save')}
            </Button>
          )}
          {!readOnly && uploading && (
            <Typography.Text type="secondary" role="status">
              {t('businessForm.waitUpload')}
            </Typography.Text>
          )}
          <Button onClick={() => void navigate(listPath)}>
            {readOnly ? t('common.back') : t('buttons.cancel')}
          </Button>
        </Space>
      </Card>
    </PageContainer>
  );
};

/** `business/:tableName/new` and `business/:tableName/:recId` (SPEC §2): metadata first, then the record. */
export const BusinessFormPage = () => {
  const { t } = useTranslation();
  const { tableName = '', recId } = useParams();
  const { dataSource } = useCurrentDataSource();
  const mode: FormMode = recId === undefined ? 'create' : 'update';
  const { meta, loading, error, reload } = useBusinessTable(tableName);
  const record = useQuery({
    queryKey: ['business', dataSource, tableName, 'record', recId],
    queryFn: ({ signal }) => getRecord(meta?.table.name ?? tableName, recId ?? '', signal),
    enabled: mode === 'update' && Boolean(meta),
    // The form starts from what is stored now and is never replaced in the background.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const title =
    mode === 'create'
      ? t('screens.recordNew', { table: tableName })
      : t('screens.recordEdit', { table: tableName });
  const breadcrumb = [
    { title: t('menu.business') },
    { title: meta?.table.caption || tableName, path: appPaths(dataSource).business(tableName) },
  ];
  if (loading || (mode === 'update' && meta && record.isPending)) return <PageSpin />;
  if (error || !meta)
    return <LoadFailed title={title} breadcrumb={breadcrumb} error={error} onRetry={reload} />;
  if (mode === 'update' && record.isError) {
    return (
      <LoadFailed
        title={title}
        breadcrumb={breadcrumb}
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }
  return (
    <RecordEditor
      // A reload after a conflict starts a fresh form from the stored record.
      key={`${mode}:${recId ?? ''}:${record.dataUpdatedAt}`}
      meta={meta}
      mode={mode}
      recordKey={recId}
      original={mode === 'update' ? record.data : undefined}
      onReload={() => void record.refetch()}
    />
  );
};
