import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { DEFAULT_SQL_CONSOLE, DEFAULT_SQL_TIMEOUT_MS } from '../../config';
import { bumpWriteVersion } from '../../db/write-versions';
import { ApiException } from '../../errors/api-exception';
import { sqlMessage } from '../../i18n/sql-messages';
import type { DataSource } from '../../plugins/db';
import { splitStatements } from '../../../../contract/sql-statements';
import type { ConsoleAccess } from './console-access';
import { roleChangeRefusal } from './role-change-refusal';
import { SqlRunError, type SqlResult } from '../../dialects/sql/console/sql-result';
import { serverLockRefusal } from './server-lock-refusal';
import { refusalOf } from './statement-rules';
import { systemTableRefusal } from './system-table-refusal';

/** Rows a console result holds at most (docs/api.md §2.4). */
export const MAX_SQL_ROWS = 1000;
/** Bytes the connection may receive for one row at least (a driver holds a whole row in memory). */
const MIN_ROW_BYTES = 16 * 1024 * 1024;

export interface ExecuteSqlInput {
  sql: string;
  params?: unknown[];
  /** Default true: a read-only transaction, rolled back whatever the statement does. */
  readOnly?: boolean;
  /** Only the super admin may reach crudboard's own tables (default false). */
  superAdmin?: boolean;
}

/** How the console runs on the data source, and its ceilings. */
export interface ExecuteSqlOptions {
  timeoutMs?: number;
  /** Decided at start-up (default: no console role, console on). */
  access?: ConsoleAccess;
  /** The super admin's statements run as the connecting role (default false). */
  superAdminUnrestricted?: boolean;
  maxResultBytes?: number;
  maxCellBytes?: number;
}

const invalid = (message: ReturnType<typeof sqlMessage>, field = 'sql') =>
  new ApiException('VALIDATION_ERROR', message, { [field]: message });

const isBindValue = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The one statement of the text, or a 400 naming what is wrong with it. */
const singleStatement = (
  source: DataSource,
  input: ExecuteSqlInput,
  readOnly: boolean,
): { text: string; firstWord: string } => {
  const statements = splitStatements(input.sql, source.client);
  if (statements.length === 0) throw invalid(sqlMessage('empty'));
  if (statements.length > 1) throw invalid(sqlMessage('multipleStatements', { count: statements.length }));
  const [statement] = statements as [(typeof statements)[number]];
  const refusal = refusalOf(statement, source.client, readOnly);
  if (refusal) throw invalid(refusal);
  return { text: statement.text, firstWord: statement.words[0] ?? '' };
};

const toApiError = (
  error: SqlRunError,
  timeoutMs: number,
  maxRowBytes: number,
  source: DataSource,
): ApiException => {
  if (error.kind === 'timeout') {
    return new ApiException('SQL_TIMEOUT', sqlMessage('timeout', { seconds: timeoutMs / 1000 }));
  }
  if (error.kind === 'tooLarge') {
    return new ApiException(
      'SQL_ERROR',
      sqlMessage('rowTooLarge', { mb: Math.round(maxRowBytes / 1024 / 1024) }),
    );
  }
  if (error.kind === 'appendOnly') {
    return new ApiException('FORBIDDEN', sqlMessage('appendOnly', { tables: error.message }));
  }
  if (error.kind === 'readOnly') {
    // SQLite refuses a writing statement before it runs; the other databases say why they refused.
    return new ApiException(
      'SQL_READ_ONLY',
      sqlDialect(source.client).console.refusesWritesUpFront
        ? sqlMessage('readOnlyStatement')
        : sqlMessage('readOnly', { message: error.message }),
    );
  }
  return new ApiException('SQL_ERROR', sqlMessage('failed', { message: error.message }));
};

/**
 * Runs one statement of the SQL console on a data source (docs/api.md §2.4). One statement per call:
 * a text holding several is refused with their count (the web console runs them one at a time).
 * Errors of the statement itself are 400s carrying the database's message (it is the user's own
 * SQL); only failures to reach the database are 500s.
 */
export const executeSql = async (
  source: DataSource,
  input: ExecuteSqlInput,
  options: ExecuteSqlOptions = {},
): Promise<SqlResult> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SQL_TIMEOUT_MS;
  const access = options.access ?? {};
  if (access.refusal) throw new ApiException('FORBIDDEN', access.refusal);
  if (access.othersRefused && !input.superAdmin) throw new ApiException('FORBIDDEN', access.othersRefused);
  const readOnly = input.readOnly ?? true;
  const params = input.params ?? [];
  if (!params.every(isBindValue)) throw invalid(sqlMessage('badParams'), 'params');
  const { text: sql, firstWord } = singleStatement(source, input, readOnly);
  if (!input.superAdmin) {
    const refusal = systemTableRefusal(sql, source.client, readOnly) ?? serverLockRefusal(sql, source.client);
    if (refusal) throw new ApiException('FORBIDDEN', refusal);
  }
  const unrestricted = input.superAdmin && options.superAdminUnrestricted;
  const role = unrestricted ? undefined : access.role;
  const account = unrestricted ? undefined : access.account;
  if (role !== undefined) {
    const refusal = roleChangeRefusal(sql);
    if (refusal) throw invalid(refusal);
  }
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_SQL_CONSOLE.maxResultBytes;
  const maxCellBytes = options.maxCellBytes ?? DEFAULT_SQL_CONSOLE.maxCellBytes;
  const maxRowBytes = Math.max(MIN_ROW_BYTES, maxResultBytes, 4 * maxCellBytes);
  const started = performance.now();
  try {
    const outcome = await sqlDialect(source.client).runConsole(source.knex, {
      sql,
      firstWord,
      params,
      readOnly,
      timeoutMs,
      maxRows: MAX_SQL_ROWS,
      maxBytes: maxResultBytes,
      maxCellBytes,
      maxRowBytes,
      ...(role === undefined ? {} : { role }),
      ...(account === undefined ? {} : { account }),
    });
    return { ...outcome, elapsedMs: outcome.elapsedMs ?? Math.round(performance.now() - started) };
  } catch (error) {
    if (error instanceof SqlRunError) throw toApiError(error, timeoutMs, maxRowBytes, source);
    throw error;
  } finally {
    // A writing statement may have changed metadata or users by any route (on SQLite, another process).
    if (!readOnly) bumpWriteVersion(source.knex);
  }
};
