import { useDataProvider } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Tooltip } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import type { FieldDisplay } from '../../extensions/defineExtension';
import { extensionRegistry } from '../../extensions/registry';
import { useCaption } from '../../common/hooks/useCaption';
import { METADATA_TABLES_PATH, metadataQueryKey } from '../../common/hooks/useMetadataList';
import type { ColumnDraft } from '../lib/column-draft';
import {
  parseStoredWidgets,
  widgetRecord,
  widgetsFor,
  WIDGET_KEYS,
  type StoredWidget,
  type WidgetKey,
} from '../../business/lib/column-widgets';
import type { HttpError } from '../../common/lib/http-error';
import { getLocale } from '../../providers/i18n-provider';
import {
  listColumnProperties,
  removeColumnProperty,
  saveColumnProperty,
} from '../../providers/system-records';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';

/** The value of the built-in choice in the selects (no record stored). */
const BUILT_IN = '';

export type RenderWidget = (row: ColumnDraft, key: WidgetKey) => ReactNode;

/**
 * The 输入控件 / 显示方式 columns of the designer's grid for a stored table: per column, a select
 * of the extensions' inputs (interfaces) and list cells (displays) made for the column's data
 * type, the built-in one first. A change is stored at once (a `columnExtProperty` record) and
 * the table's forms and lists pick it up. A failure to load the choices is logged and treated as
 * none.
 */
export const useColumnWidgetSettings = (table: Table | undefined): { renderWidget?: RenderWidget } => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const provider = useDataProvider();
  const { dataSource } = useCurrentDataSource();
  const tableId = table?.id;
  const [saving, setSaving] = useState<string | null>(null);
  const queryKey = useMemo(
    () => metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'columnWidgets', tableId),
    [dataSource, tableId],
  );
  const stored = useQuery({
    queryKey,
    enabled: tableId !== undefined,
    queryFn: async ({ signal }) => {
      try {
        const records = await listColumnProperties(
          provider(),
          { dataSource, tableId: tableId as number },
          WIDGET_KEYS,
          { signal, checked: true },
        );
        return parseStoredWidgets(records);
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('column widgets could not be loaded', error);
        return [] as StoredWidget[];
      }
    },
  });
  const byColumn = useMemo(
    () => new Map((stored.data ?? []).map((widget) => [`${widget.columnId}:${widget.key}`, widget])),
    [stored.data],
  );

  const save = useCallback(
    async (columnId: number, key: WidgetKey, id: string) => {
      const slot = `${columnId}:${key}`;
      setSaving(slot);
      try {
        const recordId = byColumn.get(slot)?.recordId;
        const target = { dataSource, tableId: tableId as number, id: recordId };
        // The built-in choice is no record: the stored one (if any) is removed.
        if (id !== BUILT_IN)
          await saveColumnProperty(provider(), target, widgetRecord(target.tableId, columnId, key, id));
        else if (recordId !== undefined) await removeColumnProperty(provider(), recordId);
        void message.success({ content: t('columnWidgets.saved'), key: 'column-widget' });
      } catch (error) {
        const failure = error as Partial<HttpError>;
        void message.error({
          content: failure.message || t('columnWidgets.saveFailed'),
          key: 'column-widget',
        });
      } finally {
        setSaving(null);
        await queryClient.invalidateQueries({ queryKey });
        // The business forms and lists of the table read the choices with its metadata.
        void queryClient.invalidateQueries({
          queryKey: metadataQueryKey(METADATA_TABLES_PATH, dataSource, 'business'),
        });
      }
    },
    [byColumn, dataSource, message, provider, queryClient, queryKey, t, tableId],
  );

  const renderWidget = useCallback<RenderWidget>(
    (row, key) => {
      const locale = getLocale();
      const caption = captionOf(row);
      const registry: ReadonlyMap<string, Pick<FieldDisplay, 'id' | 'label' | 'types'>> = key === 'interface'
        ? extensionRegistry.interfaces
        : extensionRegistry.displays;
      const fitting = widgetsFor(registry, row.dataType);
      const current = row.id === undefined ? undefined : byColumn.get(`${row.id}:${key}`);
      const options = [
        { value: BUILT_IN, label: t('columnWidgets.builtIn') },
        ...fitting.map((widget) => ({ value: widget.id, label: widget.label[locale] })),
        ...(current && !fitting.some((widget) => widget.id === current.id)
          ? [{ value: current.id, label: t('columnWidgets.unavailable', { id: current.id }) }]
          : []),
      ];
      const select = (
        <Select<string>
          size="small"
          style={{ width: '100%' }}
          aria-label={`${t(`columns.${key}`)} ${caption}`}
          value={current?.id ?? BUILT_IN}
          options={options}
          popupMatchSelectWidth={false}
          loading={stored.isPending || saving === `${row.id}:${key}`}
          disabled={row.id === undefined || stored.isPending || saving !== null || options.length === 1}
          onChange={(id) => void save(row.id as number, key, id)}
        />
      );
      if (row.id === undefined) {
        return <Tooltip title={t('columnWidgets.saveTableFirst')}>{select}</Tooltip>;
      }
      return options.length === 1 ? (
        <Tooltip title={t('columnWidgets.noneForType', { type: row.dataType })}>{select}</Tooltip>
      ) : (
        select
      );
    },
    [byColumn, captionOf, save, saving, stored.isPending, t],
  );

  return { renderWidget: tableId === undefined ? undefined : renderWidget };
};
