import {
  choiceOptionsProblem,
  DATA_TYPES,
  HISTORY_KEEP_MAX,
  isHistoryKeepMode,
  type Column,
  type Table,
} from '../../../contract';
import { DATA_TYPE_TRAITS, isColumnFieldEnabled } from './column-traits';
import { duplicatePositions, issue, nameIssue, type Issue, type Issues } from '../../common/lib/name-rules';
import type { TableDraft } from './table-draft';

/** Field path of a column cell, in the server's form: `columns[3].name`. */
export const columnPath = (index: number, field: string): string => `columns[${index}].${field}`;

/** Longest database identifier (PostgreSQL's limit, the smallest of the three). */
export const MAX_IDENTIFIER_LENGTH = 63;
/** Longest indexed text in characters (InnoDB utf8mb4 index limit). */
export const MAX_INDEX_CHARS = 768;
/** Physical tables starting with this belong to crudboard itself. */
export const RESERVED_TABLE_PREFIX = 'cb_';

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || String(value).trim() === '';

/** A name that becomes a database identifier: the name rules plus the identifier length. */
const physicalNameIssue = (name: string | null | undefined): Issue | null =>
  nameIssue(name) ??
  ((name ?? '').length > MAX_IDENTIFIER_LENGTH ? issue('nameTooLong', { max: MAX_IDENTIFIER_LENGTH }) : null);

const rangeIssue = (value: number | null | undefined, min: number, max: number, key: string) => {
  if (value === null || value === undefined) return issue('required');
  if (!Number.isInteger(value) || value < min || value > max) return issue(key, { min, max });
  return null;
};

const BOOLEAN_TEXTS = new Set(['true', 'false', '1', '0']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const validDate = (text: string): boolean => {
  if (!DATE.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** A default value must read as a literal of the column's type (no functions). */
const defaultValueIssue = (column: Column): Issue | null => {
  const value = column.defaultValue;
  if (isBlank(value) || !isColumnFieldEnabled(column, 'defaultValue')) return null;
  const text = String(value).trim();
  const traits = DATA_TYPE_TRAITS[column.dataType];
  if (traits.integer) return /^[-+]?\d+$/.test(text) ? null : issue('defaultInteger');
  if (traits.numeric)
    return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? null : issue('defaultNumber');
  switch (column.dataType) {
    case 'BOOL':
      return BOOLEAN_TEXTS.has(text.toLowerCase()) ? null : issue('defaultBool');
    case 'DATE':
      return validDate(text) ? null : issue('defaultFormat', { format: 'YYYY-MM-DD' });
    case 'TIME':
      return TIME.test(text) ? null : issue('defaultFormat', { format: 'HH:mm:ss' });
    case 'DATETIME': {
      const [date = '', time = '', ...rest] = text.split(' ');
      return rest.length === 0 && validDate(date) && TIME.test(time)
        ? null
        : issue('defaultFormat', { format: 'YYYY-MM-DD HH:mm:ss' });
    }
    default: {
      const length = column.length;
      if (traits.length && typeof length === 'number' && text.length > length)
        return issue('defaultTooLong', { length });
      return null;
    }
  }
};

const KEYED = new Set(['PRIMARY', 'UNIQUE', 'INDEX']);

const columnIssues = (
  column: Column,
  index: number,
  out: Issues,
  storedNames?: ReadonlyMap<number | undefined, string>,
): void => {
  const at = (field: string) => columnPath(index, field);
  const kept = column.id !== undefined && storedNames?.get(column.id) === column.name;
  const name = kept ? null : physicalNameIssue(column.name);
  if (name) out[at('name')] = name;
  if (!(DATA_TYPES as readonly string[]).includes(column.dataType)) {
    out[at('dataType')] = issue('required');
    return;
  }
  const traits = DATA_TYPE_TRAITS[column.dataType];
  if (traits.length) {
    const problem = rangeIssue(column.length, 1, traits.length.max, 'lengthRange');
    if (problem) out[at('length')] = problem;
    else if (KEYED.has(column.indexType ?? '') && (column.length ?? 0) > MAX_INDEX_CHARS) {
      out[at('length')] = issue('indexTooLong', { max: MAX_INDEX_CHARS });
    }
  }
  if (traits.precision) {
    const problem = rangeIssue(column.precision, 1, traits.precision.max, 'precisionRange');
    if (problem) out[at('precision')] = problem;
  }
  if (traits.scale) {
    const max = Math.min(
      traits.scale.max,
      typeof column.precision === 'number' ? column.precision : traits.scale.max,
    );
    const problem = rangeIssue(column.scale, 0, max, 'scaleRange');
    if (problem) out[at('scale')] = problem;
  }
  if (column.indexType === 'PRIMARY' && column.nullable) out[at('nullable')] = issue('primaryNullable');
  if (column.autoIncrement && (column.indexType !== 'PRIMARY' || !traits.autoIncrement)) {
    out[at('autoIncrement')] = issue('autoIncrementKey');
  }
  if (!isBlank(column.indexName) && isColumnFieldEnabled(column, 'indexName')) {
    const problem = physicalNameIssue(column.indexName);
    if (problem) out[at('indexName')] = problem;
  }
  const defaultProblem = defaultValueIssue(column);
  if (defaultProblem) out[at('defaultValue')] = defaultProblem;
  if (column.options && column.options.length > 0) {
    // The server's rule (contract/choice.ts), so the message comes before saving.
    const problem = choiceOptionsProblem(column.options, column);
    if (problem) {
      const { kind, ...params } = problem;
      out[at('options')] = issue(`choice.${kind}`, params as Record<string, string | number>);
    }
  }
};

export interface TableCheckContext {
  /** The stored table has a PRIMARY composite index (then no column needs to be the key). */
  compositePrimary?: boolean;
  /**
   * The stored table's physical names. A name kept as it is stored is not checked against the rule
   * for new names: a reversed table keeps its database's own (`Order Details`, `名称`).
   */
  stored?: Pick<Table, 'tableName' | 'columns'>;
}

/**
 * The designer's client-side checks, mirroring the server's (docs/api.md §2.1): name pattern, reserved
 * words and identifier length for the table's names and every column, column names unique
 * case-insensitively, exactly one primary key, one auto-increment INT / BIGINT key, one full-text
 * column, lengths / precision / scale in range, unique index names, default values of the
 * column's type. Paths are the server's; `columns` holds table-wide problems.
 */
export const validateTable = (draft: TableDraft, context: TableCheckContext = {}): Issues => {
  const out: Issues = {};
  for (const field of ['name', 'pluralName'] as const) {
    const problem = nameIssue(draft[field]);
    if (problem) out[field] = problem;
  }
  const { stored } = context;
  const keptName = stored?.tableName === draft.tableName;
  const physical = keptName ? null : physicalNameIssue(draft.tableName);
  if (physical) out.tableName = physical;
  else if (!keptName && draft.tableName.toLowerCase().startsWith(RESERVED_TABLE_PREFIX)) {
    out.tableName = issue('reservedPrefix', { prefix: RESERVED_TABLE_PREFIX });
  }
  if (isHistoryKeepMode(draft.historyMode)) {
    const key = draft.historyMode === 'days' ? 'historyKeepDays' : 'historyKeepRevisions';
    const problem = rangeIssue(draft.historyKeep, 1, HISTORY_KEEP_MAX[draft.historyMode], key);
    if (problem) out.historyKeep = problem;
  }
  const storedNames =
    stored && new Map(stored.columns.map((c): [number | undefined, string] => [c.id, c.name]));
  draft.columns.forEach((column, index) => columnIssues(column, index, out, storedNames));
  for (const index of duplicatePositions(draft.columns.map((c) => c.name))) {
    out[columnPath(index, 'name')] ??= issue('duplicateName');
  }
  const positions = (test: (c: Column) => boolean) =>
    draft.columns.flatMap((c, index) => (test(c) ? [index] : []));
  const primaries = positions((c) => c.indexType === 'PRIMARY');
  for (const index of primaries.slice(context.compositePrimary ? 0 : 1)) {
    out[columnPath(index, 'indexType')] = issue('onePrimaryKey');
  }
  if (primaries.length === 0 && !context.compositePrimary && draft.columns.length > 0) {
    out.columns = issue('primaryMissing');
  }
  for (const index of positions((c) => Boolean(c.autoIncrement)).slice(1)) {
    out[columnPath(index, 'autoIncrement')] ??= issue('oneAutoIncrement');
  }
  for (const index of positions((c) => c.indexType === 'FULLTEXT').slice(1)) {
    out[columnPath(index, 'indexType')] ??= issue('oneFullText');
  }
  const indexNames = draft.columns.map((c) => (isColumnFieldEnabled(c, 'indexName') ? c.indexName : null));
  for (const index of duplicatePositions(indexNames)) {
    out[columnPath(index, 'indexName')] ??= issue('duplicateIndexName');
  }
  return out;
};
