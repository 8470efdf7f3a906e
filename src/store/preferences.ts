/** localStorage keys of remembered UI settings (cleared by 清除浏览器缓存, unlike the session). */
export const PREFERENCE_KEYS = {
  locale: 'locale',
  themeMode: 'themeMode',
  dataSource: 'dataSource',
  siderCollapsed: 'siderCollapsed',
} as const;

export const readPreference = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writePreference = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the setting just is not remembered
  }
};
