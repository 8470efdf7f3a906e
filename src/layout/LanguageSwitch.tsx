import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../providers/i18n-provider';
import { useLocale } from '../store/useLocale';

/** Language names, each written in its own language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/** 中文 / English switch for the header and the login page. */
export const LanguageSwitch = () => {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <Segmented<Locale>
      size="small"
      aria-label={t('header.language')}
      value={locale}
      options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      onChange={(value) => void setLocale(value)}
    />
  );
};
