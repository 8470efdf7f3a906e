import type { ErrorCode } from '../../../contract/index';

export type Lang = 'zh' | 'en';
export interface Localized {
  zh: string;
  en: string;
}
export type Params = Record<string, string | number>;

/** Chinese unless the client's first preference is English. */
export const languageOf = (acceptLanguage: string | undefined): Lang =>
  acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';

export const ERROR_MESSAGES: Record<ErrorCode, Localized> = {
  VALIDATION_ERROR: { zh: '请求参数不正确', en: 'The request is invalid' },
  MD5_MISMATCH: { zh: '文件校验失败（MD5 不一致）', en: 'File check failed (MD5 mismatch)' },
  UNAUTHORIZED: { zh: '未登录或会话已过期，请重新登录', en: 'Not signed in or the session has expired' },
  AUTH_ERROR: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  FORBIDDEN: { zh: '没有权限', en: 'Forbidden' },
  NOT_FOUND: { zh: '资源不存在', en: 'Not found' },
  DATA_SOURCE_NOT_FOUND: { zh: '数据源 {name} 不存在', en: 'Unknown data source {name}' },
  CONFLICT: { zh: '数据冲突', en: 'Conflict' },
  IDEMPOTENCY_KEY_IN_USE: {
    zh: '使用同一幂等键（Idempotency-Key）的请求正在处理或刚刚完成，本次未写入任何数据；请稍后原样重试',
    en: 'A request with the same Idempotency-Key is under way or has just finished; nothing was written: retry the same request shortly',
  },
  IDEMPOTENCY_KEY_REUSED: {
    zh: '该幂等键（Idempotency-Key）已用于另一个请求（路径或内容不同），本次未写入任何数据；新的请求请使用新的键',
    en: 'This Idempotency-Key was already used for another request (another path or body); nothing was written: use a new key for a new request',
  },
  PAYLOAD_TOO_LARGE: { zh: '请求内容过大', en: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  TOO_MANY_REQUESTS: { zh: '尝试次数过多，请稍后再试', en: 'Too many attempts, try again later' },
  SQL_ERROR: { zh: 'SQL 执行失败', en: 'The SQL statement failed' },
  SQL_READ_ONLY: { zh: '只读模式下不能修改数据', en: 'Read-only mode cannot change data' },
  SQL_TIMEOUT: { zh: 'SQL 执行超时，已被终止', en: 'The SQL statement timed out and was stopped' },
  QUERY_TIMEOUT: {
    zh: '查询超过 {seconds} 秒仍未完成，已被终止：请缩小筛选范围或减少“包含”条件',
    en: 'The query ran past {seconds} s and was stopped: narrow the filters or use fewer "contains" conditions',
  },
  CLIENT_GONE: {
    zh: '请求已被客户端取消，查询已停止',
    en: 'The client cancelled the request; its query was stopped',
  },
  INTERNAL_ERROR: { zh: '服务器内部错误', en: 'Internal server error' },
  DATABASE_UNAVAILABLE: {
    zh: '数据库暂时无法连接，请稍后重试',
    en: 'The database cannot be reached right now; try again shortly',
  },
  DATABASE_BUSY: {
    zh: '数据库正忙，本次操作未生效，请稍后重试',
    en: 'The database is busy; nothing was changed, try again shortly',
  },
  DIRECTORY_UNAVAILABLE: {
    zh: '目录服务暂时无法访问，请稍后重试，或使用本地账户登录',
    en: 'The directory cannot be reached right now; try again shortly, or sign in with a local account',
  },
};

/** Messages for one field of a 400, keyed by the JSON-schema keyword that failed. */
export const FIELD_MESSAGES = {
  required: { zh: '不能为空', en: 'is required' },
  type: { zh: '类型应为 {type}', en: 'must be of type {type}' },
  minimum: { zh: '不能小于 {limit}', en: 'must be at least {limit}' },
  maximum: { zh: '不能大于 {limit}', en: 'must be at most {limit}' },
  exclusiveMinimum: { zh: '必须大于 {limit}', en: 'must be greater than {limit}' },
  exclusiveMaximum: { zh: '必须小于 {limit}', en: 'must be less than {limit}' },
  minLength: { zh: '长度不能少于 {limit}', en: 'must have at least {limit} characters' },
  maxLength: { zh: '长度不能超过 {limit}', en: 'must have at most {limit} characters' },
  minItems: { zh: '至少需要 {limit} 项', en: 'must have at least {limit} items' },
  maxItems: { zh: '最多 {limit} 项', en: 'must have at most {limit} items' },
  pattern: { zh: '格式不正确', en: 'has an invalid format' },
  format: { zh: '格式不正确', en: 'has an invalid format' },
  enum: { zh: '取值无效', en: 'has an invalid value' },
  const: { zh: '取值无效', en: 'has an invalid value' },
  additionalProperties: { zh: '不允许的字段', en: 'is not allowed' },
  invalidJson: { zh: '不是合法的 JSON', en: 'is not valid JSON' },
  badValue: {
    zh: '值的格式不符合字段的类型（如不是合法的 UUID、地址或 JSON）',
    en: "a value is not in the form its column's type takes (not a valid UUID, address or JSON, say)",
  },
  narrowCharset: {
    zh: '文本包含字段的字符集无法保存的字符（如 latin1 字段中的表情符号或中文），不能写入，也不能用来查询该字段',
    en: "a text holds characters its column's character set cannot store (an emoji or Chinese in a latin1 column, say): it can neither be written to nor looked for in that column",
  },
  valueNotListed: {
    zh: '值不是字段允许的取值（如 ENUM 或 SET 未列出的值），或超出了字段能保存的范围',
    en: 'a value is not one its column allows (one its ENUM or SET does not list, say) or does not fit in it',
  },
  unstorableText: {
    zh: '包含数据库无法保存的字符（如 NUL）',
    en: 'contains characters the database cannot hold (such as NUL)',
  },
  invalid: { zh: '取值无效', en: 'is invalid' },
} as const satisfies Record<string, Localized>;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

const TYPE_NAMES: Record<string, Localized> = {
  integer: { zh: '整数', en: 'integer' },
  number: { zh: '数字', en: 'number' },
  string: { zh: '字符串', en: 'string' },
  boolean: { zh: '布尔值', en: 'boolean' },
  object: { zh: '对象', en: 'object' },
  array: { zh: '数组', en: 'array' },
  null: { zh: '空值', en: 'null' },
};

export const format = (template: Localized, lang: Lang, params: Params = {}): string =>
  template[lang].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

export const errorMessage = (code: ErrorCode, lang: Lang, params?: Params): string =>
  format(ERROR_MESSAGES[code], lang, params);

export const fieldMessage = (key: FieldMessageKey, lang: Lang, params: Params = {}): string => {
  const type = typeof params.type === 'string' ? TYPE_NAMES[params.type] : undefined;
  return format(FIELD_MESSAGES[key], lang, type ? { ...params, type: type[lang] } : params);
};
