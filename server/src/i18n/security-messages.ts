import { format, type Localized, type Params } from './messages';

/** Messages of the request, account and console guards, Chinese and English. */
export const SECURITY_MESSAGES = {
  crossOrigin: {
    zh: '拒绝来自其他来源（{origin}）的修改请求',
    en: 'A changing request from another origin ({origin}) is refused',
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
  wrongOldPassword: { zh: '原密码不正确', en: 'The current password is wrong' },
} as const satisfies Record<string, Localized>;

export type SecurityMessageKey = keyof typeof SECURITY_MESSAGES;

export const securityMessage = (key: SecurityMessageKey, params: Params = {}): Localized => ({
  zh: format(SECURITY_MESSAGES[key], 'zh', params),
  en: format(SECURITY_MESSAGES[key], 'en', params),
});
