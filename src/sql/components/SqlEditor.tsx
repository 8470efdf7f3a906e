import { MySQL, PostgreSQL, SQLite, StandardSQL, sql, type SQLDialect } from '@codemirror/lang-sql';
import CodeMirror, { EditorView, type ReactCodeMirrorRef, type ViewUpdate } from '@uiw/react-codemirror';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { editorDialect, statementToRun } from '../lib/sql-statements';
import { useThemeMode } from '../../store/useThemeMode';

const DIALECTS: Record<ReturnType<typeof editorDialect>, SQLDialect> = {
  SQLite,
  PostgreSQL,
  MySQL,
  StandardSQL,
};

const BASIC_SETUP = { foldGutter: false, highlightActiveLineGutter: true, searchKeymap: true };

export interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl+Enter / Cmd+Enter: the selected text, or the whole editor when nothing is selected. */
  onRun?: (statement: string) => void;
  /** Follows the selection, so a 运行 button can run just the selected text. */
  onSelectionChange?: (selection: { from: number; to: number }) => void;
  /** Data source client (`sqlite`, `pg`, `mysql`): keywords and quoting of that database. */
  client?: string;
  /** Table → column names, for completion. */
  schema?: Record<string, readonly string[]>;
  height?: string;
  minHeight?: string;
  ariaLabel?: string;
  placeholder?: string;
  readOnly?: boolean;
}

/** The SQL editor (CodeMirror 6): highlighting and completion for the data source's dialect. */
export const SqlEditor = ({
  value,
  onChange,
  onRun,
  onSelectionChange,
  client,
  schema,
  height,
  minHeight = '160px',
  ariaLabel,
  placeholder,
  readOnly = false,
}: SqlEditorProps) => {
  const [mode] = useThemeMode();
  const editor = useRef<ReactCodeMirrorRef>(null);
  const dialect = editorDialect(client);
  const selectionListener = useRef(onSelectionChange);
  useEffect(() => {
    selectionListener.current = onSelectionChange;
  });
  // Stable, so that the editor is not reconfigured on every render.
  const followSelection = useCallback((update: ViewUpdate) => {
    if (!update.selectionSet) return;
    const { from, to } = update.state.selection.main;
    selectionListener.current?.({ from, to });
  }, []);

  const extensions = useMemo(
    () => [
      sql({
        dialect: DIALECTS[dialect],
        upperCaseKeywords: true,
        ...(schema ? { schema: { ...schema } } : {}),
      }),
      EditorView.lineWrapping,
      ...(ariaLabel ? [EditorView.contentAttributes.of({ 'aria-label': ariaLabel })] : []),
    ],
    [dialect, schema, ariaLabel],
  );

  // Ctrl+Enter / Cmd+Enter is caught before CodeMirror's own binding (insert a blank line).
  const runOnModEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || !onRun) return;
    event.preventDefault();
    event.stopPropagation();
    const state = editor.current?.view?.state;
    onRun(state ? statementToRun(state.doc.toString(), state.selection.main) : value.trim());
  };

  return (
    <div onKeyDownCapture={runOnModEnter}>
      <CodeMirror
        ref={editor}
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme={mode === 'dark' ? 'dark' : 'light'}
        {...(height ? { height } : {})}
        minHeight={minHeight}
        placeholder={placeholder}
        readOnly={readOnly}
        basicSetup={BASIC_SETUP}
        onUpdate={followSelection}
      />
    </div>
  );
};
