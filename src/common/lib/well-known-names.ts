import type { CaptionLanguage } from '../../../contract';
import { PRIMARY_DATA_SOURCE } from './data-source';

/**
 * Names the server seeds in Chinese on the first start, with their English texts: shown in the UI
 * language as long as nobody changed them (a changed name is the administrator's own and stays).
 */
export const WELL_KNOWN_NAMES = {
  /** The caption of the primary data source (when the server configuration gives none). */
  primaryDataSource: { 'zh-CN': '主数据源', 'en-US': 'Primary data source' },
  /** The display name of the first administrator, `superadmin`. */
  firstAdmin: { 'zh-CN': '超级管理员', 'en-US': 'Super administrator' },
} as const satisfies Record<string, Record<CaptionLanguage, string>>;

/** The username of the administrator the server creates on its first start. */
export const FIRST_ADMIN_USERNAME = 'superadmin';

/** How a data source reads in a language: its caption (the seeded default translated), else its name. */
export const dataSourceCaption = (
  dataSource: { name: string; caption?: string | null },
  language: CaptionLanguage,
): string => {
  const { name, caption } = dataSource;
  const seeded = WELL_KNOWN_NAMES.primaryDataSource;
  if (name === PRIMARY_DATA_SOURCE && caption === seeded['zh-CN']) return seeded[language];
  return caption?.trim() ? caption : name;
};

/**
 * How a user reads in a language: the real name (the first administrator's seeded one translated),
 * else the username.
 */
export const userDisplayName = (
  user: { username?: string | null; realname?: string | null } | null | undefined,
  language: CaptionLanguage,
): string => {
  const username = user?.username ?? '';
  const realname = user?.realname ?? '';
  const seeded = WELL_KNOWN_NAMES.firstAdmin;
  if (username === FIRST_ADMIN_USERNAME && realname === seeded['zh-CN']) return seeded[language];
  return realname.trim() ? realname : username;
};

/**
 * A user's name as a record names its users (`$userNames`: the real name, else the username) in a
 * language: the first administrator's seeded name translated, any other as it is.
 */
export const namedUserName = (name: string, language: CaptionLanguage): string => {
  const seeded = WELL_KNOWN_NAMES.firstAdmin;
  return name === seeded['zh-CN'] ? seeded[language] : name;
};
