import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../store/useThemeMode';

/** Light / dark switch (remembered). Kept free of Tooltip: it is on the login page. */
export const ThemeSwitch = () => {
  const { t } = useTranslation();
  const [mode, setMode] = useThemeMode();
  return (
    <Switch
      aria-label={t('header.theme')}
      title={t(mode === 'dark' ? 'header.dark' : 'header.light')}
      checked={mode === 'dark'}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
      onChange={(dark) => setMode(dark ? 'dark' : 'light')}
    />
  );
};
