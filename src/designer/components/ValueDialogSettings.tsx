import { useDataProvider } from '@refinedev/core';
import { DeleteOutlined, LinkOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Tooltip, Typography, type InputRef } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';
import { useOpenFocus } from '../../common/hooks/useOpenFocus';
import { METADATA_TABLES_PATH, metadataQueryKey } from '../../common/hooks/useMetadataList';
import {
  listColumnProperties,
  removeColumnProperty,
  saveColumnProperty,
  type TableRef,
} from '../../providers/system-records';
import {
  parseStoredValueDialogs,
  VALUE_DIALOG_KEY,
  valueDialogIssues,
  valueDialogRecord,
  type StoredValueDialog,
  type ValueDialogInput,
} from '../lib/column-ext-property';
import type { ColumnDraft } from '../lib/column-draft';
import type { HttpError } from '../../common/lib/http-error';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

interface Editing {
  columnId: number;
  caption: string;
  stored?: StoredValueDialog;
}

interface DialogProps {
  table: TableRef;
  editing: Editing;
  onDone: () => void;
}

/** The 扩展属性 dialog of one column: the value dialog's button label and page URL. */
const ValueDialogForm = ({ table, editing, onDone }: DialogProps) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ValueDialogInput>();
  const records = useDataProvider()();
  const [busy, setBusy] = useState(false);
  const { stored } = editing;
  const { ref: nameRef, afterOpenChange } = useOpenFocus<InputRef>();

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success({ content: done, key: 'value-dialog' });
      onDone();
    } catch (error) {
      const failure = error as Partial<HttpError>;
      void message.error({
        content: failure.message || t('valueDialogSettings.saveFailed'),
        key: 'value-dialog',
      });
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await run(
      () =>
        saveColumnProperty(
          records,
          { ...table, id: stored?.id },
          valueDialogRecord(table.tableId, editing.columnId, values),
        ),
      t('valueDialogSettings.saved'),
    );
  };

  const remove = () => {
    if (!stored) return;
    modal.confirm({
      title: t('valueDialogSettings.removeConfirm'),
      okText: t('common.ok'),
      cancelText: t('buttons.cancel'),
      okButtonProps: { danger: true },
      onOk: () => run(() => removeColumnProperty(records, stored.id), t('valueDialogSettings.removed')),
    });
  };

  const rule = (field: keyof ValueDialogInput) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const text = (name: keyof ValueDialogInput) => {
        const current: unknown = name === field ? value : form.getFieldValue(name);
        return typeof current === 'string' ? current : '';
      };
      const issue = valueDialogIssues({ name: text('name'), url: text('url') })[field];
      if (issue === 'required')
        throw new Error(t('valueDialogSettings.required', { field: t(`valueDialogSettings.${field}`) }));
      if (issue === 'invalidUrl') throw new Error(t('valueDialogSettings.invalidUrl'));
    },
  });

  return (
    <Modal
      open
      title={t('valueDialogSettings.title', { column: editing.caption })}
      width={560}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onDone}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <Flex justify="space-between">
          <span>
            {stored && (
              <Button danger icon={<DeleteOutlined />} disabled={busy} onClick={remove}>
                {t('valueDialogSettings.remove')}
              </Button>
            )}
          </span>
          <Flex gap="small">
            <CancelBtn />
            <OkBtn />
          </Flex>
        </Flex>
      )}
    >
      <Typography.Paragraph type="secondary">{t('valueDialogSettings.intro')}</Typography.Paragraph>
      <Form
        form={form}
        name="valueDialog"
        layout="vertical"
        requiredMark
        initialValues={{ name: stored?.name ?? '', url: stored?.url ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label={t('valueDialogSettings.name')} required rules={[rule('name')]}>
          <Input ref={nameRef} maxLength={50} placeholder={t('valueDialogSettings.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('valueDialogSettings.url')}
          required
          rules={[rule('url')]}
          extra={t('valueDialogSettings.urlHelp')}
        >
          <Input
            maxLength={2000}
            prefix={<LinkOutlined />}
            placeholder={t('valueDialogSettings.urlPlaceholder')}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/**
 * The 扩展属性 column of the designer's grid for a stored table: a button per stored column that
 * opens the value-dialog settings (a `columnExtProperty` record, saved at once). A failure to load
 * the stored settings is logged and treated as none (docs/product.md §8).
 */
export const useValueDialogSettings = (
  table: Table | undefined,
): { renderExtension?: (row: ColumnDraft) => ReactNode; dialog: ReactNode } => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const queryClient = useQueryClient();
  const provider = useDataProvider();
  const { dataSource } = useCurrentDataSource();
  const tableId = table?.id;
  const [editing, setEditing] = useState<Editing | null>(null);
  const queryKey = useMemo(
    () => metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'valueDialogs', tableId),
    [dataSource, tableId],
  );
  const dialogs = useQuery({
    queryKey,
    enabled: tableId !== undefined,
    queryFn: async ({ signal }) => {
      try {
        const records = await listColumnProperties(
          provider(),
          { dataSource, tableId: tableId as number },
          VALUE_DIALOG_KEY,
          { signal, checked: true },
        );
        return parseStoredValueDialogs(records);
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('column extension properties could not be loaded', error);
        return [];
      }
    },
  });
  const byColumn = useMemo(
    () => new Map((dialogs.data ?? []).map((dialog) => [dialog.columnId, dialog])),
    [dialogs.data],
  );

  const renderExtension = useCallback(
    (row: ColumnDraft): ReactNode => {
      const caption = captionOf(row);
      if (row.id === undefined) {
        return (
          <Tooltip title={t('valueDialogSettings.saveTableFirst')}>
            <Button
              size="small"
              type="text"
              icon={<SettingOutlined />}
              aria-label={`${t('columns.extension')} ${caption}`}
              disabled
            />
          </Tooltip>
        );
      }
      const columnId = row.id;
      const stored = byColumn.get(columnId);
      return (
        <Tooltip title={stored ? t('valueDialogSettings.configured', { name: stored.name }) : undefined}>
          <Button
            size="small"
            type={stored ? 'link' : 'text'}
            icon={stored ? <LinkOutlined /> : <SettingOutlined />}
            loading={dialogs.isPending}
            // A loading button swallows clicks: say so, so nobody (or no test) clicks into nothing.
            disabled={dialogs.isPending}
            aria-label={`${t('columns.extension')} ${caption}`}
            onClick={() => setEditing({ columnId, caption, stored })}
          >
            {stored ? t('valueDialogSettings.edit') : t('valueDialogSettings.button')}
          </Button>
        </Tooltip>
      );
    },
    [byColumn, captionOf, dialogs.isPending, t],
  );

  const done = () => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey });
    // The business forms of the table read the dialogs with its metadata.
    void queryClient.invalidateQueries({
      queryKey: metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'business'),
    });
  };

  return {
    renderExtension: tableId === undefined ? undefined : renderExtension,
    dialog:
      tableId !== undefined && editing ? (
        <ValueDialogForm table={{ dataSource, tableId }} editing={editing} onDone={done} />
      ) : null,
  };
};
