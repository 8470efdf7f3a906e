import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocale } from '../../store/useLocale';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion';
import { useThemeMode } from '../../store/useThemeMode';

export const BRAND_COLOR = '#1668dc';

/**
 * antd ConfigProvider (locale, light/dark algorithm, no animations for a user who asked their
 * system for reduced motion) and antd <App> for message/notification/modal.
 */
export const AppThemeProvider = ({ children }: { children: ReactNode }) => {
  const [mode] = useThemeMode();
  const { locale, antdLocale } = useLocale();
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => ({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: BRAND_COLOR, borderRadius: 8, motion: !reducedMotion },
      components: { Layout: { headerHeight: 56, headerPadding: '0 20px' } },
    }),
    [mode, reducedMotion],
  );

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [mode]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <ConfigProvider locale={antdLocale} theme={themeConfig}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
};
