import { format, type Localized, type Params } from './messages';

/** Messages of the audit log (docs/api.md §8, audit log), Chinese and English. */
export const AUDIT_MESSAGES = {
  unknownAction: {
    zh: '未知的审计操作：{name}',
    en: 'unknown audit action: {name}',
  },
  sheetName: { zh: '审计日志', en: 'Audit log' },
} as const satisfies Record<string, Localized>;

export type AuditMessageKey = keyof typeof AUDIT_MESSAGES;

export const auditMessage = (key: AuditMessageKey, params: Params = {}): Localized => ({
  zh: format(AUDIT_MESSAGES[key], 'zh', params),
  en: format(AUDIT_MESSAGES[key], 'en', params),
});
