import { useDataProvider } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import { saveFormLayout } from '../../providers/system-records';
import { businessMetaQueryKey } from '../../business/hooks/useBusinessTable';
import type { FormLayout, FormLayoutType } from '../../business/lib/business-meta';
import { formFields } from '../../business/lib/form-fields';
import { useSaveShortcut } from '../../common/hooks/useSaveShortcut';
import type { HttpError } from '../../common/lib/http-error';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { itemId, type ListName } from '../lib/builder-dnd';
import {
  draftLayout,
  initialBuilder,
  layoutColumns,
  reorderSelected,
  sameBuilder,
  selectColumn,
  serializeLayoutBody,
  setWidth,
  unselectColumn,
  type BuilderState,
} from '../lib/layout-builder';

export interface LayoutEditorOptions {
  table: Table;
  type: FormLayoutType;
  /** The stored layout of this type, if any. */
  stored: FormLayout | undefined;
  /** Set while the layout has unsaved changes (the page's leave guard reads it). */
  dirtyRef: RefObject<boolean>;
  /** After a save: the page reads the stored layouts again. */
  onSaved: () => Promise<unknown>;
}

/** Where a dragged column was dropped: the list it left, the list it reached, the row it is over. */
export interface ColumnDrop {
  columnId: number;
  from: ListName;
  to: ListName;
  /** The drag-and-drop id it was dropped on (a row of the target list, or the list's zone). */
  overId: string | number;
}

/**
 * The controller of one layout (the list, or a form) in the form builder: the columns offered, the
 * selected ones in order with their widths (`lib/layout-builder`), which are required on a form,
 * whether anything is unsaved (told to the page's leave guard), the draft layout for the preview,
 * and the save onto the layout's record (`saveFormLayout`, through the data provider) on 保存 or
 * Ctrl+S; afterwards the table's lists and forms read the new layout.
 */
export const useLayoutEditor = ({ table, type, stored, dirtyRef, onSaved }: LayoutEditorOptions) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const records = useDataProvider()();
  const { dataSource } = useCurrentDataSource();
  const candidates = useMemo(() => layoutColumns(table, type), [table, type]);
  const byId = useMemo(
    () => new Map(candidates.map((column) => [column.id as number, column])),
    [candidates],
  );
  const initial = useMemo(() => initialBuilder(table, type, stored), [table, type, stored]);
  const [state, setState] = useState<BuilderState>(initial);
  const [saving, setSaving] = useState(false);
  const unsaved = !sameBuilder(state, initial, type);
  useEffect(() => {
    dirtyRef.current = unsaved;
  }, [unsaved, dirtyRef]);

  const required = useMemo(
    () =>
      new Set(
        type === 'list'
          ? []
          : formFields(table, type)
              .filter((field) => field.required)
              .map((field) => field.column.id as number),
      ),
    [table, type],
  );

  const drop = ({ columnId, from, to, overId }: ColumnDrop) =>
    setState((current) => {
      if (to === 'unselected')
        return from === 'selected' ? unselectColumn(current, candidates, columnId) : current;
      const overIndex = current.selected.findIndex((item) => itemId(item.columnId) === overId);
      if (from === 'selected') {
        const fromIndex = current.selected.findIndex((item) => item.columnId === columnId);
        return reorderSelected(current, fromIndex, overIndex < 0 ? current.selected.length - 1 : overIndex);
      }
      return selectColumn(current, candidates, columnId, overIndex < 0 ? undefined : overIndex);
    });

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await saveFormLayout(
        records,
        { id: stored?.id, dataSource, tableId: table.id as number, device: 'pc', type },
        serializeLayoutBody(state, type),
      );
      dirtyRef.current = false;
      void message.success({ content: t('layoutBuilder.saved'), key: 'layout-builder' });
      // The list and forms of the table read the new layout at once.
      await queryClient.invalidateQueries({ queryKey: businessMetaQueryKey(dataSource, table.name) });
      await onSaved();
    } catch (error) {
      const failure = error as Partial<HttpError>;
      void message.error({
        content: failure.message || t('layoutBuilder.saveFailed'),
        key: 'layout-builder',
      });
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  return {
    table,
    type,
    stored,
    /** The columns a layout of this type may show, by id. */
    candidates,
    byId,
    state,
    /** Ids of the columns a form needs (marked, and kept on the form even when not selected). */
    required,
    unsaved,
    saving,
    /** The layout as it would be saved, for the preview. */
    layout: draftLayout(table, type, state),
    drop,
    select: (columnId: number) => setState((current) => selectColumn(current, candidates, columnId)),
    unselect: (columnId: number) => setState((current) => unselectColumn(current, candidates, columnId)),
    selectAll: () =>
      setState((current) =>
        current.unselected.reduce((next, id) => selectColumn(next, candidates, id), current),
      ),
    unselectAll: () =>
      setState((current) => ({
        ...current,
        selected: [],
        unselected: candidates.map((c) => c.id as number),
      })),
    setWidth: (columnId: number, width: number | undefined) =>
      setState((current) => setWidth(current, columnId, width)),
    /** 撤销: back to the stored layout. */
    undo: () => setState(initial),
    save: () => void save(),
  };
};

export type LayoutEditorController = ReturnType<typeof useLayoutEditor>;
