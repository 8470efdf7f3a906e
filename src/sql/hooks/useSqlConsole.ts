import { useCreate, useDelete, useList, useUpdate } from '@refinedev/core';
import { App } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { executeSqlCall, SQL_PERMISSIONS } from '../../providers/custom-calls';
import { useAllTables } from '../../common/hooks/useAllTables';
import { useCustomCall } from '../../common/hooks/useCustomCall';
import type { HttpError } from '../../common/lib/http-error';
import { IN_PRIMARY } from '../../common/lib/data-source';
import { useCurrentDataSource, useDataSources } from '../../store/useCurrentDataSource';
import {
  editorDialect,
  isBlankSql,
  looksLikeWrite,
  splitStatements,
  statementToRun,
} from '../lib/sql-statements';
import type { SavedSql, SqlResult } from '../lib/sql-types';

/** The state of the last run: none yet, running one statement, its result, or its failure. */
export type SqlRun =
  | { state: 'idle' }
  | { state: 'running'; sql: string }
  | {
      state: 'done';
      sql: string;
      readOnly: boolean;
      result: SqlResult;
      /** How many statements ran (the result is the last one's). */
      count: number;
      /** Whether one of them looks like a write. */
      wrote: boolean;
    }
  | { state: 'failed'; sql: string; message: string };

/**
 * The system table of saved statements, read and written like any table's records: in primary,
 * each naming the data source it was saved for.
 */
const SAVED = 'sqlQuery';
const SQL_META = { ...IN_PRIMARY, requiredPermissions: SQL_PERMISSIONS };
/** The console tells success and failure itself. */
const QUIET = { successNotification: false, errorNotification: false } as const;

/**
 * The SQL console's controller: the editor's text and selection, read-only or write mode (write
 * mode only after its confirmation), running the statement under the cursor, the selection or a
 * whole script one statement at a time through the console call (`useCustomCall`), formatting,
 * and the saved statements (records of `sqlQuery` through Refine's `useList`, `useCreate`,
 * `useUpdate`, `useDelete`). No second run starts while one is going.
 */
export const useSqlConsole = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { dataSource } = useCurrentDataSource();
  const client = useDataSources().find((ds) => ds.name === dataSource)?.client;
  const tables = useAllTables();
  const [sql, setSql] = useState('');
  const selection = useRef<{ from: number; to: number }>({ from: 0, to: 0 });
  const [writeMode, setWriteMode] = useState(false);
  const [askWrite, setAskWrite] = useState(false);
  const [run, setRun] = useState<SqlRun>({ state: 'idle' });
  const [current, setCurrent] = useState<SavedSql | undefined>();
  const [saving, setSaving] = useState<{ open: boolean; busy: boolean; errors?: Record<string, string> }>({
    open: false,
    busy: false,
  });
  const [deleting, setDeleting] = useState<{ item: SavedSql; busy: boolean } | null>(null);
  const runId = useRef(0);

  // Saved statements are records of the system table `sqlQuery`, by name.
  const savedList = useList<SavedSql>({
    resource: SAVED,
    pagination: { mode: 'off' },
    filters: [{ field: 'dataSource', operator: 'eq', value: dataSource }],
    sorters: [{ field: 'name', order: 'asc' }],
    meta: SQL_META,
  });
  const saved = {
    data: savedList.query.isSuccess ? savedList.result.data : undefined,
    query: savedList.query,
  };
  const { mutateAsync: createSaved } = useCreate<SavedSql>();
  const { mutateAsync: updateSaved } = useUpdate<SavedSql>();
  const { mutateAsync: deleteSaved } = useDelete<SavedSql>();
  const call = useCustomCall();
  const schema = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const table of tables.data ?? [])
      out[table.tableName || table.name] = table.columns.map((c) => c.name);
    return out;
  }, [tables.data]);

  // The server runs one statement per call: a script is split (in the data source's dialect) and
  // its statements run one after another, stopping at the first failure.
  const execute = async (text: string) => {
    if (run.state === 'running') return;
    if (isBlankSql(text)) {
      void message.warning(t('sqlConsole.emptySql'));
      return;
    }
    const split = splitStatements(text, client);
    const statements = split.length > 0 ? split : [text];
    const id = (runId.current += 1);
    const readOnly = !writeMode;
    let result: SqlResult | undefined;
    for (const [index, statement] of statements.entries()) {
      setRun({ state: 'running', sql: statement });
      try {
        result = await call<SqlResult>(executeSqlCall(statement, readOnly));
      } catch (error) {
        const failure = error as Partial<HttpError>;
        const reason = failure.message || t('sqlConsole.failed');
        const where =
          statements.length > 1
            ? `${t('sqlConsole.failedAt', { index: index + 1, count: statements.length })}\n`
            : '';
        if (id === runId.current) setRun({ state: 'failed', sql: statement, message: `${where}${reason}` });
        return;
      }
      if (id !== runId.current) return;
    }
    if (result)
      setRun({
        state: 'done',
        sql: statements[statements.length - 1] ?? text,
        readOnly,
        result,
        count: statements.length,
        wrote: statements.some(looksLikeWrite),
      });
  };

  // The formatter is loaded on first use, keeping it out of the page's own download.
  const formatEditor = async () => {
    if (isBlankSql(sql)) return;
    try {
      const { formatSql } = await import('../lib/format-sql');
      setSql(formatSql(sql, client));
    } catch (error) {
      void message.error(t('sqlConsole.formatFailed', { reason: (error as Error).message.split('\n')[0] }));
    }
  };

  const save = async (fields: { name: string; caption: string }, mode: 'create' | 'update') => {
    setSaving((s) => ({ ...s, busy: true }));
    try {
      if (mode === 'update' && current?.id !== undefined) {
        await updateSaved({
          ...QUIET,
          resource: SAVED,
          id: current.id,
          values: { ...fields, sql },
          meta: SQL_META,
        });
        setCurrent({ ...current, ...fields, sql });
      } else {
        const created = await createSaved({
          ...QUIET,
          resource: SAVED,
          values: { ...fields, sql, dataSource },
          meta: SQL_META,
        });
        const id = Number(created.data.id);
        setCurrent({ id, ...fields, sql });
      }
      void message.success(t('sqlConsole.saveSuccess'));
      setSaving({ open: false, busy: false });
    } catch (error) {
      const failure = error as Partial<HttpError>;
      setSaving({ open: true, busy: false, ...(failure.errors ? { errors: failure.errors } : {}) });
      void message.error(failure.message || t('designer.saveFailed'));
    }
  };

  const remove = async () => {
    if (!deleting?.item.id) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteSaved({ ...QUIET, resource: SAVED, id: deleting.item.id, meta: SQL_META });
      void message.success(t('metadataList.deleteSuccess'));
      if (current?.id === deleting.item.id) setCurrent(undefined);
      setDeleting(null);
    } catch (error) {
      const reason = (error as { message?: string }).message;
      setDeleting({ ...deleting, busy: false });
      void message.error(
        reason ? t('metadataList.deleteFailedReason', { reason }) : t('metadataList.deleteFailed'),
      );
    }
  };

  return {
    /** The data source's database client (`sqlite`, `pg`, `mysql` ...), for the editor's dialect. */
    client,
    dialect: editorDialect(client),
    /** Table → column names, for the editor's completion. */
    schema,
    sql,
    setSql,
    /** The editor's selection, read when 运行 runs the statement under it. */
    setSelection: (range: { from: number; to: number }) => {
      selection.current = range;
    },
    run,
    /** 运行: the selection, else the statement under the cursor. */
    runNow: () => void execute(statementToRun(sql, selection.current)),
    /** Runs this text (the editor's Ctrl+Enter). */
    execute: (text: string) => void execute(text),
    format: () => void formatEditor(),
    writeMode: {
      on: writeMode,
      /** Switching it on asks first; switching it off does not. */
      toggle: (on: boolean) => (on ? setAskWrite(true) : setWriteMode(false)),
      asking: askWrite,
      confirm: () => {
        setWriteMode(true);
        setAskWrite(false);
      },
      cancel: () => setAskWrite(false),
    },
    /** The saved statement in the editor, if it came from the list or was saved. */
    current,
    saved: {
      items: saved.data ?? [],
      loading: saved.query.isPending,
      error: saved.query.error,
      retry: () => void saved.query.refetch(),
      load: (item: SavedSql) => {
        setSql(item.sql);
        setCurrent(item);
        selection.current = { from: 0, to: 0 };
      },
    },
    /** The 保存 dialog: a new saved statement, or the current one changed. */
    saveDialog: {
      ...saving,
      show: () => setSaving({ open: true, busy: false }),
      save: (fields: { name: string; caption: string }, mode: 'create' | 'update') => void save(fields, mode),
      cancel: () => setSaving({ open: false, busy: false }),
    },
    /** The confirmation of a saved statement's delete. */
    deletion: {
      item: deleting?.item,
      busy: deleting?.busy ?? false,
      ask: (item: SavedSql) => setDeleting({ item, busy: false }),
      ok: () => void remove(),
      cancel: () => setDeleting(null),
    },
  };
};

export type SqlConsoleController = ReturnType<typeof useSqlConsole>;
