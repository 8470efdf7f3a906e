import { useCreate, useList, useUpdate } from '@refinedev/core';
import { App } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SYSTEM_COLUMN_NAMES, type Sequence, type Table } from '../../../contract';
import { useInvalidateMetadata } from '../../common/hooks/useInvalidateMetadata';
import { useIssueText } from '../../common/hooks/useIssueText';
import type { HttpError } from '../../common/lib/http-error';
import { tablePaths } from '../../common/lib/metadata-paths';
import type { Issues } from '../../common/lib/name-rules';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import type { BatchColumnEntry } from '../lib/batch-columns';
import { freeColumnNames, newColumn, withCellValue, type ColumnCellField } from '../lib/column-draft';
import { columnLocks } from '../lib/column-locks';
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
import { moveItem, type MoveDirection } from '../lib/move-item';
import { newTableDraft, toTableDraft, withColumns, type TableDraft } from '../lib/table-draft';
import { deriveNames, type TouchedNames } from '../lib/table-names';
import { buildTablePayload } from '../lib/table-payload';
import { validateTable } from '../lib/table-validation';

/** A table field of the designer (the columns are edited in the grid). */
export type TableField = Exclude<keyof TableDraft, 'columns'>;
/** The table fields edited as text (or a choice of one name). */
export type TextField = Exclude<TableField, 'historyMode' | 'historyKeep'>;

/** The table fields with an input of their own; the server's errors on other paths are listed. */
const TABLE_FIELDS = [
  'name',
  'pluralName',
  'tableName',
  'caption',
  'description',
  'engine',
  'titleColumn',
  'historyMode',
  'historyKeep',
];

/** Without the submit attempt, a still-empty required field is not an error yet. */
const visibleIssues = (issues: Issues, attempted: boolean): Issues =>
  attempted
    ? issues
    : Object.fromEntries(Object.entries(issues).filter(([, issue]) => issue.key !== 'required'));

/**
 * The table designer's controller (添加表 / 编辑表): the draft of the table and its columns, its
 * checks and the server's errors by cell, and the save through Refine's `useCreate` / `useUpdate`
 * on the `metadata` provider. 保存 checks first (the count of errors as a notice), then asks
 * 确认提交吗？; a 409 data-loss refusal keeps the refused payload and lists what would be lost, and
 * confirming sends that payload again with `confirmDataLoss`; a 400 puts the server's messages on
 * the cells. A saved table refreshes the metadata everywhere and leads back to the list.
 */
export const useTableDesigner = (table?: Table) => {
  const isNew = table?.id === undefined;
  const { t } = useTranslation();
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

  // Every sequence, for the 序列号 picker of the column grid.
  const sequences = useList<Sequence>({
    resource: 'sequences',
    dataProviderName: 'metadata',
    pagination: { mode: 'off' },
  });
  const { mutateAsync: create } = useCreate<Table>();
  const { mutateAsync: update } = useUpdate<Table>();

  const compositePrimary = Boolean(table?.indexs?.some((index) => index.indexType === 'PRIMARY'));
  const issues = useMemo(
    () => validateTable(draft, { compositePrimary, ...(table ? { stored: table } : {}) }),
    [draft, compositePrimary, table],
  );
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

  /** The history setting (历史记录): its mode and count together. */
  const setHistory = (value: Pick<TableDraft, 'historyMode' | 'historyKeep'>) => {
    setDraft((current) => ({ ...current, ...value }));
    setServerErrors((current) => withoutFieldError(withoutFieldError(current, 'historyMode'), 'historyKeep'));
  };

  const setField = (field: TextField, value: string | null) => {
    if (field === 'pluralName' || field === 'tableName') touched.current[field] = Boolean(value?.trim());
    setDraft((current) => {
      const next = {
        ...current,
        [field]: value ?? (field === 'engine' || field === 'titleColumn' ? null : ''),
      };
      return field === 'name' ? { ...next, ...deriveNames(value ?? '', current, touched.current) } : next;
    });
    setServerErrors((current) => withoutFieldError(current, field));
  };

  const onCellChange = useCallback((rowKey: string, field: ColumnCellField, value: unknown) => {
    setDraft((current) =>
      withColumns(
        current,
        current.columns.map((column) =>
          column.key === rowKey ? withCellValue(column, field, value) : column,
        ),
      ),
    );
    setServerErrors((current) => withoutCellError(current, rowKey, field));
  }, []);

  const onMove = useCallback((rowKey: string, direction: MoveDirection) => {
    setDraft((current) => {
      const index = current.columns.findIndex((column) => column.key === rowKey);
      return { ...current, columns: moveItem(current.columns, index, direction) };
    });
  }, []);

  const onRemove = useCallback((rowKey: string) => {
    setDraft((current) =>
      withColumns(
        current,
        current.columns.filter((column) => column.key !== rowKey),
      ),
    );
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

  const errorCount = countGridErrors(errors);
  const otherErrors = [
    ...errors.general,
    ...Object.entries(errors.fields)
      .filter(([field]) => !TABLE_FIELDS.includes(field))
      .map(([field, text]) => (field === 'columns' ? text : `${field}: ${text}`)),
  ];

  return {
    /** The stored table (absent for a new one). */
    table,
    isNew,
    paths,
    draft,
    /** What each field and cell shows: the draft's own issues over the server's messages. */
    errors,
    errorCount,
    /** Messages with no field or cell of their own (general ones, unknown paths). */
    otherErrors,
    /** Whether 保存 was pressed (from then on every issue shows). */
    attempted,
    locks,
    /** The sequences the grid's 序列号 picker offers (none until they are loaded). */
    sequences: sequences.result.data,
    saving,
    setField,
    setHistory,
    onCellChange,
    onMove,
    onRemove,
    addColumn,
    batch: {
      open: batchOpen,
      show: () => setBatchOpen(true),
      add: addColumns,
      cancel: () => setBatchOpen(false),
    },
    requestSave,
    /** 确认提交吗？ */
    confirm: { open: confirmOpen, ok: () => void save(false), cancel: () => setConfirmOpen(false) },
    /** The data-loss warning of a refused change: what would be lost, then save anyway or keep editing. */
    dataLoss: {
      entries: dataLoss,
      confirm: () => void save(true),
      cancel: () => {
        refused.current = null;
        setDataLoss(null);
      },
    },
  };
};

export type TableDesignerController = ReturnType<typeof useTableDesigner>;
