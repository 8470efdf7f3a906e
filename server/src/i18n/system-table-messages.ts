import { format, type Localized, type Params } from './messages';

/** Messages of the rules that guard the system tables (docs/api.md §3, §6), Chinese and English. */
export const SYSTEM_TABLE_MESSAGES = {
  systemTableChange: {
    zh: '系统表 {name} 由 crudboard 维护，不能修改',
    en: 'system table {name} is maintained by crudboard and cannot be changed',
  },
  selfRoleChange: {
    zh: '不能修改自己的角色',
    en: 'you cannot change your own roles',
  },
  selfDelete: { zh: '不能删除自己', en: 'you cannot delete yourself' },
  selfDisable: { zh: '不能停用自己', en: 'you cannot disable yourself' },
  lastSuperAdmin: {
    zh: '至少要保留一个启用的超级管理员',
    en: 'at least one enabled super administrator must remain',
  },
  superAdminRole: {
    zh: '超级管理员角色的编码和权限不能修改，也不能删除',
    en: 'the super administrator role cannot be deleted, nor its code or permissions changed',
  },
  superAdminOnly: {
    zh: '只有超级管理员可以修改超级管理员',
    en: 'only a super administrator can change a super administrator',
  },
  grantNotHeld: {
    zh: '不能授予自己没有的权限：{codes}',
    en: 'you cannot grant permissions you do not hold: {codes}',
  },
  roleCode: {
    zh: '角色编码应以 ROLE_ 开头，只含字母、数字和下划线',
    en: 'a role code starts with ROLE_ and holds only letters, digits and underscores',
  },
  usernameInvisible: {
    zh: '用户名不能为空，也不能含空白或不可见字符',
    en: 'a username must not be empty nor hold whitespace or invisible characters',
  },
  usernameTaken: {
    zh: '用户名 {name} 与已有用户 {other} 相同或形似（不区分大小写）',
    en: 'username {name} is the same as, or looks like, existing user {other} (case ignored)',
  },
  tablePermissionShape: {
    zh: '表权限按角色设置：请发送 tableId、roleId、permissions 和 columns（JSON 文本，形如 [{"columnId":1,"read":true,"update":false}]），不接受 name 和 value',
    en: 'table permissions are set per role: send tableId, roleId, permissions and columns (JSON text such as [{"columnId":1,"read":true,"update":false}]); name and value are not accepted',
  },
  oneOf: { zh: '只能是 {values} 之一', en: 'must be one of {values}' },
  jsonText: { zh: '应为 JSON 文本', en: 'must be JSON text' },
  webhookActions: {
    zh: '应为 {values} 中的一个或多个，逗号分隔',
    en: 'must be one or more of {values}, separated by commas',
  },
  webhookTables: {
    zh: '应为表名（逗号分隔）或 *',
    en: 'must be table names separated by commas, or *',
  },
  webhookHeaders: {
    zh: '应为 JSON 对象，值为文本；不能设置 {reserved}',
    en: 'must be a JSON object of text values; {reserved} cannot be set',
  },
  webhookUrl: {
    zh: '地址应为 http:// 或 https:// 开头的完整网址，且不含用户名和密码',
    en: 'must be a full http:// or https:// address without a user name or password',
  },
  webhookPrivate: {
    zh: '不能发送到本机、内网或链路本地地址（管理员可用 WEBHOOK_ALLOW_PRIVATE 放行）',
    en: 'cannot be sent to a loopback, private or link-local address (an administrator can allow it with WEBHOOK_ALLOW_PRIVATE)',
  },
  webhookUnknownTable: {
    zh: '数据源 {dataSource} 中没有表 {name}',
    en: 'data source {dataSource} has no table {name}',
  },
  webhookUnresolved: {
    zh: '找不到主机 {host}',
    en: 'host {host} was not found',
  },
  rowRulesShape: {
    zh: '行规则应为 JSON 对象，键只能是 read、update、delete、create，值为列表的 filter 条件',
    en: 'row rules must be a JSON object whose keys are read, update, delete or create, each a list filter',
  },
  rowRulesKey: {
    zh: '行规则没有操作 {name}，可选：read、update、delete、create',
    en: 'row rules have no action {name}; known: read, update, delete, create',
  },
  rowRulesVariable: {
    zh: '行规则中的变量 {name} 不存在，可用：$user.id、$user.username、$user.roles、$user.<用户字段>、$now',
    en: 'row rules use an unknown variable {name}; known: $user.id, $user.username, $user.roles, $user.<user column>, $now',
  },
  rowRulesRoles: {
    zh: '$user.roles 是多个角色编码，只能用于 IN 或 NOTIN',
    en: '$user.roles holds several role codes: use it with IN or NOTIN only',
  },
  previewUser: {
    zh: '用户 {id} 不存在或已停用',
    en: 'user {id} does not exist or is disabled',
  },
  rowRulesTable: {
    zh: '行规则所属的表 {id} 不存在',
    en: 'the table {id} of the row rules does not exist',
  },
  unknownDataSource: {
    zh: '数据源 {name} 不存在，可选：{names}',
    en: 'data source {name} does not exist; configured: {names}',
  },
} as const satisfies Record<string, Localized>;

export type SystemTableMessageKey = keyof typeof SYSTEM_TABLE_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const systemTableMessage = (key: SystemTableMessageKey, params: Params = {}): Localized => ({
  zh: format(SYSTEM_TABLE_MESSAGES[key], 'zh', params),
  en: format(SYSTEM_TABLE_MESSAGES[key], 'en', params),
});
