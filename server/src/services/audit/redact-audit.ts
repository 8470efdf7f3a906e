import type { AuditEntry } from '../../../../contract/audit';

/**
 * Per data source, the tables in which a column rule hides a column from the reader; `null` when
 * the data source's tables could not be read, which counts as every table.
 */
export type HiddenColumnTables = ReadonlyMap<string, ReadonlySet<string> | null>;

/** The detail fields an entry may be given without them, and why each may carry a record's value. */
export type RedactedField = 'sql' | 'query' | 'url';

const hidesOnSource = (hidden: HiddenColumnTables, dataSource: string | null): boolean =>
  dataSource === null ? hidden.size > 0 : hidden.has(dataSource);

const hidesOnTable = (
  hidden: HiddenColumnTables,
  dataSource: string | null,
  table: string | null,
): boolean => {
  if (table === null || dataSource === null) return hidesOnSource(hidden, dataSource);
  if (!hidden.has(dataSource)) return false;
  const tables = hidden.get(dataSource);
  return tables === null || tables === undefined || tables.has(table);
};

/**
 * An audit entry as a reader with column rules may see it. Entries never hold a record's values,
 * but three texts are written by the user and may name one: a SQL console statement (it may read
 * any table of its data source, so it goes when any column of that data source is hidden from the
 * reader), an export's filter and search (they go when a column of the entry's table is hidden),
 * and the query string of a recorded URL (likewise; the path stays). What went is listed in
 * `detail.redacted`. Everything else, and every entry, stays.
 */
export const redactAuditEntry = (entry: AuditEntry, hidden: HiddenColumnTables): AuditEntry => {
  if (hidden.size === 0) return entry;
  const detail: Record<string, unknown> = { ...entry.detail };
  const redacted: RedactedField[] = [];
  if ('sql' in detail && hidesOnSource(hidden, entry.dataSource)) {
    delete detail.sql;
    redacted.push('sql');
  }
  const onTable = hidesOnTable(hidden, entry.dataSource, entry.table);
  if ('query' in detail && onTable) {
    delete detail.query;
    redacted.push('query');
  }
  if (typeof detail.url === 'string' && detail.url.includes('?') && onTable) {
    detail.url = detail.url.slice(0, detail.url.indexOf('?'));
    redacted.push('url');
  }
  return redacted.length === 0 ? entry : { ...entry, detail: { ...detail, redacted } };
};
