import type { DataSourceInfo } from '../../../contract';
import { splitStatements as splitByDialect, type SqlDialect } from '../../../contract/sql-statements';

export type SqlClient = DataSourceInfo['client'];

/** The sql-formatter language of a data source's client. */
export const formatterLanguage = (client: string | undefined): 'sqlite' | 'postgresql' | 'mysql' | 'sql' => {
  if (client === 'sqlite') return 'sqlite';
  if (client === 'pg' || client === 'postgres' || client === 'postgresql') return 'postgresql';
  if (client === 'mysql' || client === 'mysql2' || client === 'mariadb') return 'mysql';
  return 'sql';
};

/** The CodeMirror dialect of a data source's client (highlighting, keywords, quoting). */
export const editorDialect = (
  client: string | undefined,
): 'SQLite' | 'PostgreSQL' | 'MySQL' | 'StandardSQL' => {
  const language = formatterLanguage(client);
  if (language === 'sqlite') return 'SQLite';
  if (language === 'postgresql') return 'PostgreSQL';
  if (language === 'mysql') return 'MySQL';
  return 'StandardSQL';
};

/** A walk over SQL text that knows quotes and comments; `visit` sees each character outside them. */
const scan = (
  text: string,
  visit: (index: number) => void,
  onComment?: (start: number, end: number) => void,
) => {
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      onComment?.(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      onComment?.(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else if (c === "'" && text[j] === '\\') j += 2;
        else j += 1;
      }
      i = Math.min(j + 1, text.length);
    } else {
      visit(i);
      i += 1;
    }
  }
};

/** The text without `--` and `/* *\/` comments (quoted text kept as it is). */
export const stripSqlComments = (text: string): string => {
  const parts: string[] = [];
  let last = 0;
  scan(
    text,
    () => undefined,
    (start, end) => {
      parts.push(text.slice(last, start));
      last = end;
    },
  );
  parts.push(text.slice(last));
  return parts.join(' ');
};

/** Whether there is nothing to run (only blanks, semicolons and comments). */
export const isBlankSql = (text: string): boolean => stripSqlComments(text).replace(/[\s;]/g, '') === '';

const splitDialect = (client: string | undefined): SqlDialect => {
  const language = formatterLanguage(client);
  if (language === 'postgresql') return 'pg';
  if (language === 'mysql') return 'mysql';
  return 'sqlite';
};

/**
 * The statements of a script in the data source's dialect, blanks dropped: split by the rules the
 * server uses to count them (contract/sql-statements.ts), so each piece runs as one statement.
 */
export const splitStatements = (text: string, client?: string): string[] =>
  splitByDialect(text, splitDialect(client)).map((statement) => statement.text);

/** What 运行 sends: the selected text when there is one, else the whole editor; trimmed. */
export const statementToRun = (text: string, selection?: { from: number; to: number }): string => {
  const picked = selection && selection.to > selection.from ? text.slice(selection.from, selection.to) : text;
  return picked.trim();
};

const READ_KEYWORDS = new Set([
  'SELECT',
  'WITH',
  'EXPLAIN',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'PRAGMA',
  'VALUES',
  'TABLE',
]);
const WRITE_IN_WITH = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;

/**
 * Whether a statement looks like it changes something (its first keyword is not a query one, or a
 * WITH wraps an INSERT / UPDATE / DELETE). Only a hint for the user: the server's read-only
 * transaction is what protects the data.
 */
export const looksLikeWrite = (statement: string): boolean => {
  const text = stripSqlComments(statement).trim().replace(/^\(+/, '');
  const first = /^[A-Za-z]+/.exec(text)?.[0]?.toUpperCase();
  if (!first) return false;
  if (!READ_KEYWORDS.has(first)) return true;
  return first === 'WITH' && WRITE_IN_WITH.test(text);
};

/** A result cell as text: NULL for null, JSON for objects, the value otherwise. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
};
