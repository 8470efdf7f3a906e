/**
 * What a failed request means to the user, in their language, when the server's answer carries no
 * message of its own (a proxy's error page, a bare status, no answer at all) or the web app refuses
 * a request itself: what happened and what to do. Raw statuses ("403 forbidden", "Bad Gateway")
 * never reach a screen.
 */
type Refusal =
  | 'unreachable'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'tooMany'
  | 'server'
  | 'unavailable'
  | 'other';

const MESSAGES: Record<Refusal, { zh: string; en: string }> = {
  unreachable: {
    zh: '无法连接服务器，请检查网络后重试',
    en: 'The server cannot be reached; check the network and try again',
  },
  timeout: { zh: '服务器响应超时，请稍后重试', en: 'The server took too long to answer; try again shortly' },
  unauthorized: { zh: '登录已失效，请重新登录', en: 'Your session has ended; sign in again' },
  forbidden: {
    zh: '没有权限执行此操作，如需权限请联系管理员',
    en: 'You do not have permission to do this; ask an administrator if you need it',
  },
  notFound: {
    zh: '要找的内容不存在，可能已被删除',
    en: 'What you asked for does not exist; it may have been deleted',
  },
  conflict: {
    zh: '数据已被他人修改或与现有数据冲突，请刷新后重试',
    en: 'The data was changed by someone else or conflicts with existing data; reload and try again',
  },
  tooLarge: {
    zh: '提交的内容过大，请减小后重试',
    en: 'What you sent is too large; make it smaller and try again',
  },
  tooMany: { zh: '请求过于频繁，请稍候再试', en: 'Too many requests; wait a moment and try again' },
  server: {
    zh: '服务器出错，请稍后重试；问题持续时请联系管理员',
    en: 'The server ran into an error; try again shortly, and tell an administrator if it persists',
  },
  unavailable: {
    zh: '服务器暂时不可用，请稍后重试',
    en: 'The server is unavailable for the moment; try again shortly',
  },
  other: { zh: '请求失败（{status}），请稍后重试', en: 'The request failed ({status}); try again shortly' },
};

const refusalOf = (status: number): Refusal => {
  if (status === 0) return 'unreachable';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'tooMany';
  if (status === 502 || status === 503) return 'unavailable';
  if (status >= 500) return 'server';
  return 'other';
};

const isEnglish = (language: string | undefined): boolean => (language ?? '').toLowerCase().startsWith('en');

/** The message for a status (0: no answer) in `language` (`zh-CN` unless it names English). */
export const refusalMessage = (status: number, language?: string): string => {
  const message = MESSAGES[refusalOf(status)];
  return (isEnglish(language) ? message.en : message.zh).replace('{status}', String(status));
};

/** The message for a request that got no answer before its time ran out. */
export const timeoutMessage = (language?: string): string =>
  isEnglish(language) ? MESSAGES.timeout.en : MESSAGES.timeout.zh;
