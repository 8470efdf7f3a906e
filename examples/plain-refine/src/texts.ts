const zh = {
  title: 'crudboard · Refine 示例',
  username: '用户名',
  password: '密码',
  login: '登录',
  loginFailed: '登录失败',
  logout: '退出登录',
  tables: '数据表',
  noTables: '暂无数据表',
  loading: '加载中…',
  total: (n: number) => `共 ${n} 条记录`,
  previous: '上一页',
  next: '下一页',
  page: (current: number, count: number) => `第 ${current} / ${count} 页`,
  back: '返回',
  history: '历史',
  prices: '价格排行',
  historyOf: (table: string, id: string) => `${table} #${id} 的修改历史`,
  action: (action: string) =>
    ({ create: '新建', update: '修改', delete: '删除', softDelete: '移入回收站', restore: '恢复' })[action] ??
    action,
};

const en: typeof zh = {
  title: 'crudboard · Refine example',
  username: 'Username',
  password: 'Password',
  login: 'Sign in',
  loginFailed: 'Sign-in failed',
  logout: 'Sign out',
  tables: 'Tables',
  noTables: 'No tables',
  loading: 'Loading…',
  total: (n: number) => `${n} records`,
  previous: 'Previous',
  next: 'Next',
  page: (current: number, count: number) => `Page ${current} of ${count}`,
  back: 'Back',
  history: 'History',
  prices: 'Price ranking',
  historyOf: (table: string, id: string) => `History of ${table} #${id}`,
  action: (action: string) =>
    ({
      create: 'Created',
      update: 'Changed',
      delete: 'Deleted',
      softDelete: 'Moved to the recycle bin',
      restore: 'Restored',
    })[action] ?? action,
};

/** The UI texts: Chinese, or English when the browser's language is English. */
export const texts = navigator.language.toLowerCase().startsWith('en') ? en : zh;
