import { format, type Localized, type Params } from './messages';

/** Messages of the request, account and console guards, Chinese and English. */
export const SECURITY_MESSAGES = {
  crossOrigin: {
    zh: '拒绝来自其他来源（{origin}）的修改请求：本服务的来源是 {own}。经反向代理访问时，请让代理传递原始的 Host 头，或设置 TRUST_PROXY',
    en: "A changing request from another origin ({origin}) is refused: this server's origin is {own}. Behind a reverse proxy, let the proxy pass the original Host header, or set TRUST_PROXY",
  },
  mediaType: {
    zh: '此接口只接受 {types} 格式的请求内容',
    en: 'This endpoint takes a body of type {types} only',
  },
  userNotHeld: {
    zh: '只有拥有该用户全部权限（{codes}）的管理员才能修改其用户名、密码或启用状态',
    en: "Only an administrator holding all of this user's permissions ({codes}) may change its username, password or enabled flag",
  },
  systemTableSql: {
    zh: '只有超级管理员才能在 SQL 控制台中访问 crudboard 的系统表（{name}）',
    en: "Only the super admin may reach crudboard's own tables ({name}) from the SQL console",
  },
  dynamicSql: {
    zh: '只有超级管理员才能在 SQL 控制台中使用动态 SQL（{keyword}）',
    en: 'Only the super admin may use dynamic SQL ({keyword}) in the SQL console',
  },
  serverLockSql: {
    zh: '只有超级管理员才能在 SQL 控制台中使用数据库锁函数（{keyword}）：持有这些锁会阻塞 crudboard 的表结构修改、启动和上传',
    en: "Only the super admin may use database lock functions ({keyword}) in the SQL console: holding such locks would hold up crudboard's schema changes, start-up and uploads",
  },
  passwordSignInOff: {
    zh: '本系统已关闭本地账户的密码登录，请使用单点登录',
    en: 'Password sign-in with a local account is turned off here: use single sign-on',
  },
  directoryNoRole: {
    zh: '您在目录中的分组没有对应的 crudboard 角色，请联系管理员',
    en: 'None of your groups in the directory gives a crudboard role: ask your administrator',
  },
  unknownDirectory: {
    zh: '没有名为 {provider} 的目录',
    en: 'There is no directory named {provider}',
  },
  wrongOldPassword: { zh: '原密码不正确', en: 'The current password is wrong' },
  tokenName: {
    zh: '令牌名称不能为空，且不能超过 {max} 个字符',
    en: 'The token name is required and has at most {max} characters',
  },
  tokenExpiryFormat: {
    zh: '过期时间应为 ISO 格式的时间（如 2030-01-31T00:00:00Z）',
    en: 'The expiry must be an ISO time (such as 2030-01-31T00:00:00Z)',
  },
  tokenExpiryPast: { zh: '过期时间必须晚于现在', en: 'The expiry must be in the future' },
  tokenNoPermissions: {
    zh: '权限列表不能为空：不限制权限时请不要传 permissions',
    en: 'The permission list is empty: leave permissions out to keep all of your permissions',
  },
  tokenPermissionNotHeld: {
    zh: '令牌只能包含你当前拥有的权限，你没有：{codes}',
    en: 'A token may only list permissions you hold now; you do not hold: {codes}',
  },
  tokenRoute: {
    zh: 'API 令牌不能管理令牌或修改密码，请登录后在网页中操作',
    en: 'An API token cannot manage tokens or change passwords: sign in and do it in the web app',
  },
} as const satisfies Record<string, Localized>;

export type SecurityMessageKey = keyof typeof SECURITY_MESSAGES;

export const securityMessage = (key: SecurityMessageKey, params: Params = {}): Localized => ({
  zh: format(SECURITY_MESSAGES[key], 'zh', params),
  en: format(SECURITY_MESSAGES[key], 'en', params),
});
