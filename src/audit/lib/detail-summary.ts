import type { AuditEntry } from '../../../contract';

/** Translates a key of `audit.detail.*` with its parameters. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The longest text a summary shows of a statement, a filter or a list. */
export const SUMMARY_TEXT = 80;

const cut = (text: string): string => (text.length > SUMMARY_TEXT ? `${text.slice(0, SUMMARY_TEXT)}…` : text);

const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/** `count` for the plural forms (`…_one` / `…_other`): the value when a number, else one for `_other`. */
const countOf = (value: unknown): { count: number } => ({ count: typeof value === 'number' ? value : 0 });

const rowsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** One line saying what an entry's detail holds, by action (the whole detail stays in the export). */
export const detailSummary = (entry: AuditEntry, t: Translate): string => {
  const d = entry.detail;
  // A text the server left out because the reader's column rules hide a column it may name.
  const redacted = (field: string): boolean => Array.isArray(d.redacted) && d.redacted.includes(field);
  const urlOf = (): string =>
    redacted('url') ? `${textOf(d.url)} ${t('audit.detail.redacted')}` : cut(textOf(d.url));
  switch (entry.action) {
    case 'signInFailed':
      return t('audit.detail.signInFailed', {
        username: textOf(d.username),
        reason: t(`audit.reasons.${textOf(d.reason) || 'credentials'}`),
      });
    case 'passwordChange':
    case 'passwordReset':
      return t('audit.detail.user', { id: textOf(d.userId) });
    case 'userChange':
    case 'roleChange':
    case 'userRoleChange':
    case 'tablePermissionChange':
    case 'webhookChange':
    case 'scheduleChange':
    case 'flowChange':
      return t('audit.detail.record', {
        operation: t(`audit.operations.${textOf(d.operation) || 'update'}`),
        key: textOf(d.key),
        fields: Array.isArray(d.fields) ? d.fields.map(textOf).join(', ') : '',
      });
    case 'schemaChange':
      return t('audit.detail.schema', {
        route: textOf(d.route),
        count: Array.isArray(d.ddl) ? d.ddl.length : 0,
      });
    case 'sqlExecute':
      return t('audit.detail.sql', {
        sql: redacted('sql') ? t('audit.detail.redacted') : cut(textOf(d.sql)),
        mode: t(d.readOnly === false ? 'audit.detail.readWrite' : 'audit.detail.readOnly'),
        rows: textOf(d.rowCount) || '-',
        ...countOf(d.rowCount),
        ms: textOf(d.elapsedMs),
      });
    case 'export': {
      const query = rowsOf(d.query);
      const filter = redacted('query')
        ? t('audit.detail.redacted')
        : Object.keys(query).length > 0
          ? cut(JSON.stringify(query))
          : '';
      return t('audit.detail.export', {
        format: textOf(d.format),
        rows: textOf(d.rows) || '-',
        ...countOf(d.rows),
        filter,
      });
    }
    case 'import': {
      const rows = rowsOf(d.rows);
      return t('audit.detail.import', {
        file: textOf(d.fileName),
        inserted: textOf(rows.inserted) || '0',
        updated: textOf(rows.updated) || '0',
        failed: textOf(rows.failed) || '0',
      });
    }
    case 'fileUpload':
    case 'fileDownload':
    case 'tokenCreate':
    case 'tokenRevoke':
      return textOf(d.name);
    case 'refused':
      return `${textOf(d.method)} ${urlOf()}`;
    case 'viewAs': {
      const viewed = rowsOf(d.viewedAs);
      return t('audit.detail.viewAs', {
        user: textOf(viewed.name) || textOf(viewed.id),
        url: urlOf(),
      });
    }
    default:
      return '';
  }
};

/** Refusals and failures, which the screen shows in red. */
export const isAlarming = (action: AuditEntry['action']): boolean =>
  action === 'signInFailed' || action === 'refused';

/** The table an entry is about, `<dataSource>.<table>` on a data source other than primary. */
export const tableLabel = (entry: Pick<AuditEntry, 'dataSource' | 'table'>): string => {
  if (entry.table === null) return '';
  return entry.dataSource && entry.dataSource !== 'primary'
    ? `${entry.dataSource}.${entry.table}`
    : entry.table;
};
