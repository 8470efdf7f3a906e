import { SaveOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { Alert, Button, Card, Collapse, Form, Space, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { businessPermission, truncatedChildren } from '../../../contract';
import { LoadFailed } from '../../common/components/LoadFailed';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { RecordFields } from '../components/RecordFields';
import { FormFieldSlots } from '../../extensions/ExtensionSlots';
import { SubTableList } from '../components/SubTableList';
import { HistoryButton, RecordHistoryDrawer } from '../components/RecordHistoryDrawer';
import { useBusinessTable } from '../hooks/useBusinessTable';
import { useTableHeading } from '../hooks/useTableHeading';
import { useCaption } from '../../common/hooks/useCaption';
import { useRecordForm, type RecordFormOptions } from '../hooks/useRecordForm';
import { UploadActivityContext } from '../../upload/hooks/useUploadActivity';
import { UserNamesContext, userNamesOf } from '../../fields/UserNamesContext';
import type { BusinessRecord } from '../lib/business-record';
import type { FormMode } from '../lib/form-fields';
import { placeFields } from '../lib/form-layout';
import { isChildFilled } from '../lib/record-payload';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { withName } from '../../common/lib/name-spacing';

/** The record form's view: one collapsible section per table, save and cancel. */
const RecordEditor = (props: RecordFormOptions) => {
  const { t } = useTranslation();
  const { meta, mode, original, recordKey } = props;
  const { dataSource } = useCurrentDataSource();
  const {
    form,
    model,
    initialValues,
    readOnly,
    readOnlyReason,
    saving,
    uploading,
    activity,
    save,
    markDirty,
    isDirty,
    reloadStored,
    cancel,
  } = useRecordForm(props);
  const [historyOpen, setHistoryOpen] = useState(false);
  // the columns a restore from history may set back: those the user may change in this form
  const editable = useMemo(
    () => (readOnly ? [] : model.fields.filter((field) => !field.readOnly).map((field) => field.column.name)),
    [readOnly, model.fields],
  );
  const { table } = meta;
  const captionOf = useCaption();
  const { token } = theme.useToken();
  const heading = useTableHeading(table.name, table);
  const caption = heading.caption ?? table.name;
  // Who created, changed and owns the record, by name, for users who may not read the user table.
  const userNames = useMemo(() => userNamesOf(original), [original]);
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
            widgets={meta.widgets}
          />
          <FormFieldSlots at="after" {...slotProps} />
        </>
      ),
    },
    ...model.subs.map((sub) => {
      const subMode: FormMode = mode === 'update' && original?.[sub.section.name] ? 'update' : 'create';
      return {
        key: sub.section.name,
        label:
          sub.section.relation.caption || sub.section.relation.captions
            ? captionOf(sub.section.relation)
            : captionOf(sub.section.table),
        children:
          sub.section.kind === 'many' ? (
            <SubTableList
              section={sub.section}
              mode={mode}
              createFields={sub.createFields}
              updateFields={sub.updateFields}
              readOnly={readOnly}
              truncated={mode === 'update' ? truncatedChildren(original, sub.section.name) : null}
              toOne={sub.toOne}
              relatedTables={meta.relatedTables}
            />
          ) : (
            <RecordFields
              fields={placeFields(subMode === 'update' ? sub.updateFields : sub.createFields, undefined)}
              mode={subMode}
              prefix={[sub.section.name]}
              toOne={sub.toOne}
              relatedTables={meta.relatedTables}
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
          ? withName((table) => t('screens.recordNew', { table }), caption)
          : readOnly
            ? withName((table) => t('screens.recordView', { table }), caption)
            : withName((table) => t('screens.recordEdit', { table }), caption)
      }
      breadcrumb={heading.recordTrail}
      extra={
        // system tables (users, roles…) keep no record history
        mode === 'update' && recordKey !== undefined && table.systemable !== true ? (
          <HistoryButton onClick={() => setHistoryOpen(true)} />
        ) : undefined
      }
    >
      {mode === 'update' && recordKey !== undefined && (
        <RecordHistoryDrawer
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          meta={meta}
          recordKey={recordKey}
          dataSource={dataSource}
          record={original}
          editable={editable}
          isDirty={isDirty}
          onRestored={reloadStored}
        />
      )}
      {readOnly && (
        <Alert
          type="info"
          showIcon
          message={t(
            readOnlyReason === 'permission' ? 'businessForm.readOnlyNoPermission' : 'businessForm.readOnly',
          )}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card>
        <UploadActivityContext value={activity}>
          <UserNamesContext value={userNames}>
            <Form
              form={form}
              component={false}
              layout="vertical"
              initialValues={initialValues}
              disabled={readOnly}
              onValuesChange={markDirty}
            >
              <Collapse
                defaultActiveKey={sections.map((section) => section.key)}
                items={sections}
                style={{ marginBottom: 16 }}
              />
            </Form>
          </UserNamesContext>
        </UploadActivityContext>
        {/* Save and cancel stay in view on a long form: the bar sticks to the bottom of the content
            area while the form scrolls under it, and rests after the last field at the end. */}
        <div
          className="record-form-actions"
          role="toolbar"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            margin: `0 -${token.paddingLG}px -${token.paddingLG}px`,
            padding: `${token.paddingSM}px ${token.paddingLG}px`,
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: `0 0 ${token.borderRadiusLG}px ${token.borderRadiusLG}px`,
          }}
        >
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
            <Button onClick={cancel}>{readOnly ? t('common.back') : t('buttons.cancel')}</Button>
          </Space>
        </div>
      </Card>
    </PageContainer>
  );
};

/** `business/:tableName/new` and `business/:tableName/:recId` (docs/product.md §2): metadata first, then the record. */
export const BusinessFormPage = () => {
  const { t } = useTranslation();
  const { tableName = '', recId } = useParams();
  const mode: FormMode = recId === undefined ? 'create' : 'update';
  const { meta, loading, error, reload } = useBusinessTable(tableName, { subRelations: true });
  const heading = useTableHeading(tableName, meta?.table);
  const record = useOne<BusinessRecord>({
    resource: meta?.table.name ?? tableName,
    id: recId ?? '',
    meta: { requiredPermissions: [businessPermission(meta?.table.name ?? tableName, 'read')] },
    // A failure shows on the page, with its retry.
    errorNotification: false,
    queryOptions: {
      enabled: mode === 'update' && Boolean(meta),
      // The form starts from what is stored now and is never replaced in the background.
      gcTime: 0,
      refetchOnWindowFocus: false,
    },
  });
  const stored = record.query;
  // Bumped once a reload after a conflict has the stored record: the form starts afresh from it.
  const [generation, setGeneration] = useState(0);
  const reloadRecord = async () => {
    await stored.refetch();
    setGeneration((value) => value + 1);
  };
  const table = heading.caption ?? tableName;
  const title = withName(
    (name) =>
      mode === 'create' ? t('screens.recordNew', { table: name }) : t('screens.recordEdit', { table: name }),
    table,
  );
  const breadcrumb = heading.recordTrail;
  if (loading || (mode === 'update' && meta && stored.isPending)) return <PageSpin />;
  if (error || !meta)
    return <LoadFailed title={title} breadcrumb={breadcrumb} error={error} onRetry={reload} />;
  if (mode === 'update' && stored.isError) {
    return (
      <LoadFailed
        title={title}
        breadcrumb={breadcrumb}
        error={stored.error}
        onRetry={() => void stored.refetch()}
      />
    );
  }
  return (
    <RecordEditor
      // A reload after a conflict starts a fresh form from the stored record.
      key={`${mode}:${recId ?? ''}:${generation}`}
      meta={meta}
      mode={mode}
      recordKey={recId}
      original={mode === 'update' ? record.result : undefined}
      onReload={() => void reloadRecord()}
    />
  );
};
