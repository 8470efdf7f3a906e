import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, normaliseLocale, type Locale } from '../providers/i18n-provider';

export const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The UI language, its antd locale, and a setter (i18next, dayjs, antd and localStorage follow). */
export const useLocale = () => {
  const { i18n } = useTranslation();
  const locale = normaliseLocale(i18n.language);
  const setLocale = useCallback((next: Locale) => changeLocale(next), []);
  return { locale, antdLocale: ANTD_LOCALES[locale], setLocale };
};
