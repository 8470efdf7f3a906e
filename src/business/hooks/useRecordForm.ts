import { useCreate, useUpdate } from '@refinedev/core';
import { newIdempotencyKey } from '@crudboard/client';
import { App, Form } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { listReturnPath } from '../lib/list-return';
import { businessPermission, qualifyBusinessPermission } from '../../../contract';
import { hasAnyPermission } from '../../auth/lib/permission';
import { getUserAccess } from '../../store/session';
import { relationsByColumn } from '../lib/business-cells';
import { findLayout } from '../lib/business-meta';
import { codecResolver } from '../lib/column-widgets';
import { extensionRegistry } from '../../extensions/registry';
import { isFormPath, splitFieldErrors, type FormShape } from '../lib/field-errors';
import { initialFormValues } from '../lib/form-initial-values';
import { formFields, type FormMode } from '../lib/form-fields';
import { placeFields } from '../lib/form-layout';
import { subRelationsByColumn, subSections } from '../lib/form-sections';
import type { HttpError } from '../../common/lib/http-error';
import { appPaths } from '../../common/lib/menu';
import { buildRecordPayload, type SubForm } from '../lib/record-payload';
import type { BusinessRecord } from '../lib/business-record';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import type { BusinessTableMeta } from './useBusinessTable';
import { useLeaveGuard } from '../../common/hooks/useLeaveGuard';
import { useSaveShortcut } from '../../common/hooks/useSaveShortcut';
import { useUploadTracker } from '../../upload/hooks/useUploadActivity';

export interface RecordFormOptions {
  meta: BusinessTableMeta;
  mode: FormMode;
  /** The record key of the URL (edit). */
  recordKey?: string;
  original?: BusinessRecord;
  /** Loads the stored record again (after a conflicting save). */
  onReload: () => void;
}

/**
 * The record form's controller: the fields of the table and its sub-tables, the initial values,
 * and the save through Refine's `useCreate` / `useUpdate` (Refine then refreshes the table's lists
 * and counts). Save waits for running uploads; a 409 on update offers to reload the stored record;
 * field errors go onto their fields; Ctrl+S saves; leaving with changes asks first.
 */
export const useRecordForm = ({ meta, mode, recordKey, original, onReload }: RecordFormOptions) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { state: routerState } = useLocation();
  const { dataSource } = useCurrentDataSource();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  // A file still being prepared or uploaded would be missing from the record: save waits for it.
  const { uploading, activity } = useUploadTracker();
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const dirty = useRef(false);
  // One key per record being added: saved again unchanged after a lost answer, it is the same
  // create and the server answers with the first one's id instead of adding the record twice.
  const createKey = useRef<{ key: string; body: string } | null>(null);
  const { table } = meta;
  // A record the user may read but not change (or add) is shown without save.
  const mayWrite = hasAnyPermission(getUserAccess(), [
    qualifyBusinessPermission(
      businessPermission(table.name, mode === 'update' ? 'update' : 'create'),
      dataSource,
    ),
  ]);
  const readOnlyReason: 'table' | 'permission' | undefined = table.readOnly
    ? 'table'
    : mayWrite
      ? undefined
      : 'permission';
  const readOnly = readOnlyReason !== undefined;
  // Back to the list as the user left it (its keyword, filters, sort and page), when it opened the form.
  const listPath = listReturnPath(appPaths(dataSource).business(table.name), routerState);

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
      toOne: subRelationsByColumn(meta.subRelations?.[section.table.name] ?? [], section.foreignKey),
    }));
    const shape: FormShape = {
      fields: fields.map((field) => field.column.name),
      subs: subs.map((sub) => ({
        name: sub.section.name,
        kind: sub.section.kind,
        fields: [...sub.createFields, ...sub.updateFields].map((field) => field.column.name),
      })),
    };
    const codecOf = codecResolver(extensionRegistry.interfaces, meta.widgets);
    return { toOne, fields, placed, subs, shape, codecOf };
  }, [meta, table, mode, readOnly]);

  const initialValues = useMemo(
    () =>
      initialFormValues({
        mode,
        fields: model.fields,
        record: original,
        toOne: model.toOne,
        subs: model.subs,
        codecOf: model.codecOf,
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

  const write = (payload: BusinessRecord) => {
    const common = {
      resource: table.name,
      values: payload,
      // The screen tells success and failure itself.
      successNotification: false as const,
      errorNotification: false as const,
    };
    if (mode === 'create') {
      const body = JSON.stringify(payload);
      if (createKey.current?.body !== body) createKey.current = { key: newIdempotencyKey(), body };
      return create({
        ...common,
        meta: {
          requiredPermissions: [businessPermission(table.name, 'create')],
          idempotencyKey: createKey.current.key,
        },
      }).then((created) => {
        createKey.current = null;
        return created;
      });
    }
    return update({
      ...common,
      id: recordKey ?? '',
      meta: { requiredPermissions: [businessPermission(table.name, 'update')] },
      // The form leaves for the list: the lists and counts are what must be fresh.
      invalidates: ['list', 'many'],
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
      codecOf: model.codecOf,
    });
    setSaving(true);
    try {
      await write(payload);
      dirty.current = false;
      void message.success(
        mode === 'create' ? t('businessForm.createSuccess') : t('businessForm.updateSuccess'),
      );
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

  const markDirty = () => {
    dirty.current = true;
  };

  return {
    form,
    model,
    initialValues,
    readOnly,
    readOnlyReason,
    listPath,
    saving,
    uploading,
    activity,
    save,
    markDirty,
    /** The form holds changes not saved yet. */
    isDirty: () => dirty.current,
    /** Starts again from the stored record, dropping unsaved changes (after a restore from history). */
    reloadStored: () => {
      dirty.current = false;
      onReload();
    },
    cancel: () => void navigate(listPath),
  };
};

export type RecordFormController = ReturnType<typeof useRecordForm>;
