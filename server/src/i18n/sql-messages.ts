import { format, type Localized, type Params } from './messages';

/** Messages of the SQL console (docs/api.md §2.4), Chinese and English. */
export const SQL_MESSAGES = {
  empty: { zh: '没有要执行的语句', en: 'There is no statement to run' },
  badParams: {
    zh: '参数只能是字符串、数字、布尔值或 null',
    en: 'parameters must be strings, numbers, booleans or null',
  },
  multipleStatements: {
    zh: '一次只能执行一条语句，这里有 {count} 条；请选中其中一条再执行',
    en: 'Run one statement at a time: this text holds {count}; select one of them and run it',
  },
  transactionControl: {
    zh: '控制台把每条语句放在单独的事务中执行，不能执行 {keyword}',
    en: 'The console runs each statement in its own transaction; {keyword} is not allowed',
  },
  copyUnsupported: {
    zh: '控制台不支持 COPY 语句',
    en: 'The console does not support COPY',
  },
  implicitCommit: {
    zh: '只读模式下，MySQL/MariaDB 上不能执行以 {keyword} 开头的语句（DDL 等语句会隐式提交事务，无法撤销）；如需执行请开启写入模式',
    en: 'In read-only mode MySQL/MariaDB cannot run a statement starting with {keyword} (DDL and similar statements commit implicitly and cannot be undone); turn on write mode to run it',
  },
  readOnly: {
    zh: '只读模式下不能修改数据或结构，没有任何改动；如需修改请开启写入模式。数据库信息：{message}',
    en: 'Read-only mode cannot change data or structure; nothing was changed. Turn on write mode to make changes. Database message: {message}',
  },
  readOnlyStatement: {
    zh: '只读模式下不能执行会修改数据或结构的语句，没有任何改动；如需修改请开启写入模式',
    en: 'Read-only mode cannot run a statement that changes data or structure; nothing was changed. Turn on write mode to make changes',
  },
  timeout: {
    zh: '语句执行超过 {seconds} 秒，已被终止，没有任何改动',
    en: 'The statement ran longer than {seconds} s and was stopped; nothing was changed',
  },
  appendOnly: {
    zh: '审计日志和修改历史（{tables}）只能追加，不能通过 SQL 控制台修改，超级管理员也不例外；没有任何改动',
    en: 'The audit log and record history ({tables}) are append-only and cannot be changed through the SQL console, not even by the super admin; nothing was changed',
  },
  failed: { zh: '执行失败：{message}', en: 'The statement failed: {message}' },
  readOnlyProcedure: {
    zh: '只读模式下不能执行 {keyword}：代码块和存储过程的副作用不受只读事务限制；如需执行请开启写入模式',
    en: 'Read-only mode cannot run {keyword}: the side effects of code blocks and procedures are not stopped by a read-only transaction; turn on write mode to run it',
  },
  serverFile: {
    zh: '控制台不能读写数据库服务器上的文件或加载扩展（{keyword}）',
    en: 'The console cannot read or write files on the database server or load extensions ({keyword})',
  },
  executableComment: {
    zh: '控制台不接受 MySQL/MariaDB 的可执行注释（{keyword} … */）：注释里的文字会被当作语句执行。请去掉注释标记，直接写出语句',
    en: 'The console does not accept MySQL/MariaDB executable comments ({keyword} … */): their text runs as part of the statement. Remove the comment markers and write the statement out',
  },
  noConsoleAccount: {
    zh: '数据源“{dataSource}”没有可用的受限控制台账号，SQL 控制台只对超级管理员开放。请让管理员授予 crudboard 的数据库账号 CREATE USER 与 GRANT OPTION，或配置 SQL_CONSOLE_URL（见 README 的“安全”一节）',
    en: 'The SQL console is open to the super admin only on data source "{dataSource}": no restricted console account can be used. Ask the operator to give crudboard\'s database account CREATE USER and GRANT OPTION, or to set SQL_CONSOLE_URL (README, "Security")',
  },
  roleChange: {
    zh: '控制台中的语句不能更改数据库角色或会话身份（{keyword}）',
    en: 'A console statement cannot change the database role or session identity ({keyword})',
  },
  unsafeConnection: {
    zh: '数据源“{dataSource}”以数据库超级用户连接，且没有可用的受限控制台角色，因此已停用 SQL 控制台。请让管理员配置 SQL_CONSOLE_ROLE，或以非超级用户连接（见 README 的“安全”一节）',
    en: 'The SQL console is turned off on data source "{dataSource}": it connects as a database superuser and no restricted console role can be used. Ask the operator to set SQL_CONSOLE_ROLE or to connect as a non-superuser (README, "Security")',
  },
  rowTooLarge: {
    zh: '结果中有一行超过 {mb} MB，服务器不接收；语句已被终止，没有任何改动。请只查询需要的部分（如 left(列, 1000)）',
    en: 'A row of the result is larger than {mb} MB, more than the server accepts; the statement was stopped and nothing was changed. Select only the part you need (e.g. left(column, 1000))',
  },
  busyUser: {
    zh: '你已有 {count} 条语句正在执行，请等其结束后再执行',
    en: 'You already have {count} statements running; wait for them to finish',
  },
  busyServer: {
    zh: 'SQL 控制台正忙（{count} 条语句正在执行），请稍后再试',
    en: 'The SQL console is busy ({count} statements running); try again in a moment',
  },
} as const satisfies Record<string, Localized>;

export type SqlMessageKey = keyof typeof SQL_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const sqlMessage = (key: SqlMessageKey, params: Params = {}): Localized => ({
  zh: format(SQL_MESSAGES[key], 'zh', params),
  en: format(SQL_MESSAGES[key], 'en', params),
});
