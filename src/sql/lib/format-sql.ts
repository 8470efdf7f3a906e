import { formatDialect, mysql, postgresql, sql, sqlite, type DialectOptions } from 'sql-formatter';
import { formatterLanguage } from './sql-statements';

// Only the dialects of the supported databases, so the formatter's other dialects stay out of the bundle.
const DIALECTS: Record<ReturnType<typeof formatterLanguage>, DialectOptions> = {
  sqlite,
  postgresql,
  mysql,
  sql,
};

/** 格式化: the statement laid out in the data source's dialect, keywords upper case. Throws on text it cannot parse. */
export const formatSql = (text: string, client: string | undefined): string =>
  formatDialect(text, { dialect: DIALECTS[formatterLanguage(client)], keywordCase: 'upper', tabWidth: 2 });
